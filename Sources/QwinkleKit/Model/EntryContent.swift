/// What a person writes in an entry and may change by editing it: kind (with a dream's details), text,
/// photos, whether they are sensitive, visibility and the one-line texts beside the text (`ContentLine`), among
/// them a content warning. Identity, authorship, revision and times belong to the entry, not to its content,
/// so an edit cannot change them.
public struct EntryContent: Hashable, Sendable {
    /// What sort of entry it is; a dream carries its details in the case.
    public var kind: Entry.Kind
    /// The text; for a dream, its description.
    public var body: String
    /// Attached photos in the order shown.
    public var photos: [AttachedPhoto]
    /// Whether the photos are hidden until the reader opens them (behind the warning when there is one).
    public var sensitive: Bool
    /// Who may read it.
    public var visibility: Visibility
    /// The one-line texts it carries beside its text, each kept as `ContentLine.kept` says (set them through
    /// `subscript(line:)`); a line it does not carry is absent, never empty.
    public private(set) var lines: [ContentLine: String] = [:]
    /// For a note of another server, its HTML reduced to the allow-list its server door keeps (links, mentions,
    /// emphasis, lists…), shown where HTML is shown; `body` is its text. `nil` for what is written here, which is
    /// text alone.
    public var html: String?
    /// The language it is written in, as a BCP 47 tag (`en`, `pt-BR`), when known: for a note of another server, the
    /// one its `contentMap` names. `nil` for what is written here.
    public var language: String?
    /// For a note of another server, the media it attached that are not kept as photos, shown as links after its
    /// text (its `body` names them too, for search and text clients; its `html` does not). Empty for what is
    /// written here.
    public var linkedMedia: [LinkedMedia] = []

    /// Creates content.
    public init(
        kind: Entry.Kind, body: String, photos: [AttachedPhoto] = [], sensitive: Bool = false, visibility: Visibility, lines: [ContentLine: String] = [:]
    ) {
        self.kind = kind
        self.body = body
        self.photos = photos
        self.sensitive = sensitive
        self.visibility = visibility
        for (line, text) in lines { self[line: line] = text }
    }

    /// One of its lines, or `nil` when it has none; setting one keeps it on one line and trimmed, and an empty
    /// text removes it.
    public subscript(line line: ContentLine) -> String? {
        get { lines[line] }
        set { lines[line] = ContentLine.kept(newValue) }
    }

    /// The dream details, for a dream.
    public var dream: DreamDetails? { kind.dream }

    /// The content warning its text hides behind, if any.
    public var warning: String? { self[line: .contentWarning] }

    /// What the length rule says of this content: the counter's number and whether it may be posted.
    public func assessed(by rule: LengthRule = .standard) -> DraftAssessment {
        rule.assess(body: body, photoCount: photos.count, visibility: visibility, warning: warning)
    }
}
