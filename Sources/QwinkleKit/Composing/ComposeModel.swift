/// The compose screen's model (talk 004's journal editor): the draft's text, visibility and photos, and the
/// photo drawer's semantic state.
///
/// The remaining-characters counter is derived from the draft every time it is read, never stored, so nothing
/// can leave it stale: attaching a photo takes 140 to 117 before a key is pressed, as the rule counts 23 for it.
public struct ComposeModel: Hashable, Sendable {
    /// What sort of entry is being written.
    public var kind: Entry.Kind
    /// The text.
    public var body: String
    /// Who will read it; it sets the limit (140 beyond the journal, 10,000 within it).
    public var visibility: Visibility
    /// The attached photos, in order; change them with `attach` and `detach`, which keep to the rule's maximum.
    public private(set) var photos: [AttachedPhoto]
    /// The content's one-line texts, kept as the draft had them (the terminal app has no fields for them yet).
    public var lines: [ContentLine: String] = [:]
    /// Whether the photos are sensitive, kept as the draft had it.
    public var sensitive = false
    /// Whether the photo drawer is meant to be open.
    public private(set) var photoDrawer: PhotoDrawer
    /// The rule the counter and posting follow.
    public let rule: LengthRule

    /// An empty draft with the drawer collapsed. The visibility has no default: who reads it is a choice.
    public init(kind: Entry.Kind = .journal, visibility: Visibility, rule: LengthRule = .standard) {
        self.kind = kind
        body = ""
        self.visibility = visibility
        photos = []
        photoDrawer = .collapsed
        self.rule = rule
    }

    /// The draft as entry content, to post or to hand to an edit.
    public var content: EntryContent {
        EntryContent(kind: kind, body: body, photos: photos, sensitive: sensitive, visibility: visibility, lines: lines)
    }

    /// What the length rule says of the draft now.
    public var assessment: DraftAssessment {
        content.assessed(by: rule)
    }

    /// The counter: characters left, photos and links included; negative when over.
    public var remainingCharacters: Int {
        assessment.remaining
    }

    /// Whether Post is enabled.
    public var canPost: Bool {
        assessment.canPost
    }

    /// Whether another photo may be attached.
    public var canAttachPhoto: Bool {
        photos.count < rule.maxPhotos
    }

    /// Attaches a photo; `false`, changing nothing, when the draft is full or already has that photo.
    @discardableResult
    public mutating func attach(_ photo: AttachedPhoto) -> Bool {
        guard canAttachPhoto, !photos.contains(where: { $0.id == photo.id }) else { return false }
        photos.append(photo)
        return true
    }

    /// Removes a photo; `false` when it was not attached.
    @discardableResult
    public mutating func detach(_ id: Photo.ID) -> Bool {
        guard let index = photos.firstIndex(where: { $0.id == id }) else { return false }
        photos.remove(at: index)
        return true
    }

    /// The drawer button: flips the drawer's state at once, however fast it is tapped.
    public mutating func toggleDrawer() {
        photoDrawer = photoDrawer.toggled
    }

    /// Focusing the body makes room for the keyboard: collapses the drawer if it is expanded. Returns whether
    /// it collapsed it, so the UI animates only then (never a drawer already shutting).
    @discardableResult
    public mutating func focusBody() -> Bool {
        guard photoDrawer == .expanded else { return false }
        photoDrawer = .collapsed
        return true
    }
}
