import Foundation

/// An entry not yet posted, kept by the server for its owner alone, so writing started in one client continues in
/// another (the web app, the `qwinkle` command, the terminal app).
///
/// A draft is a value like an entry: its content (kind with a dream's details, body, photos, visibility) may be
/// anything a person has typed so far, even what could not be posted yet (empty, or too long for the length rule,
/// which is judged when posting), and every save is a new revision, so two clients saving one draft merge as an
/// entry's edits do (`DraftSave`).
public struct Draft: Hashable, Sendable, Identifiable {
    /// The identifier of a draft.
    public typealias ID = Identifier<Draft>

    /// The longest body a draft may hold, in characters: twice the longest entry's, so a draft that is too long to
    /// post can still be kept and cut down, while nothing grows without bound.
    public static let maxBodyCharacters = 20_000
    /// How many of a draft's latest revisions are kept as bases to merge from; a save from an older one is refused.
    /// Saves come about a second apart while someone types, so this is minutes of typing elsewhere.
    public static let keptRevisions = 200

    /// The draft's identifier.
    public var id: ID
    /// The account whose draft it is; nobody else ever sees it.
    public var owner: Account.ID
    /// What has been written so far.
    public var content: EntryContent
    /// The revision number: 1 when created, one more with every save that changes it.
    public var revision: Int
    /// When it was started.
    public var createdAt: Date
    /// When it was last saved.
    public var updatedAt: Date

    /// Describes a draft.
    public init(id: ID, owner: Account.ID, content: EntryContent, revision: Int = 1, createdAt: Date, updatedAt: Date) {
        self.id = id
        self.owner = owner
        self.content = content
        self.revision = revision
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    /// What the length rule says of the draft: whether it could be posted as it is.
    public func assessed(by rule: LengthRule = .standard) -> DraftAssessment {
        content.assessed(by: rule)
    }
}
