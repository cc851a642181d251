/// What a person writes in an entry and may change by editing it: kind (with a dream's details), text,
/// photos and visibility. Identity, authorship, revision and times belong to the entry, not to its content,
/// so an edit cannot change them.
public struct EntryContent: Hashable, Sendable {
    /// What sort of entry it is; a dream carries its details in the case.
    public var kind: Entry.Kind
    /// The text; for a dream, its description.
    public var body: String
    /// Attached photos in the order shown.
    public var photos: [AttachedPhoto]
    /// Who may read it.
    public var visibility: Visibility

    /// Creates content.
    public init(kind: Entry.Kind, body: String, photos: [AttachedPhoto] = [], visibility: Visibility) {
        self.kind = kind
        self.body = body
        self.photos = photos
        self.visibility = visibility
    }

    /// The dream details, for a dream.
    public var dream: DreamDetails? { kind.dream }

    /// What the length rule says of this content: the counter's number and whether it may be posted.
    public func assessed(by rule: LengthRule = .standard) -> DraftAssessment {
        rule.assess(body: body, photoCount: photos.count, visibility: visibility)
    }
}
