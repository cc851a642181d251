import Foundation

/// An entry (a "qwink"): a short update, a journal entry or a dream, with up to four photos.
///
/// An entry is a value. Editing works on a copy, and the server keeps every revision as an immutable value.
public struct Entry: Hashable, Sendable, Identifiable {
    /// The identifier of an entry.
    public typealias ID = Identifier<Entry>

    /// The most photos an entry may carry.
    public static let maxPhotos = 4

    /// The entry's identifier.
    public var id: ID
    /// The account that wrote it.
    public var author: Account.ID
    /// What its author wrote and may change by editing: kind, text, photos, visibility.
    public var content: EntryContent
    /// The revision number: 1 when created, one more with every edit.
    public var revision: Int
    /// When it was created.
    public var createdAt: Date
    /// When it was last edited, or `nil` if never.
    public var editedAt: Date?
    /// When it was brought in from an archive (its times are those it had where it was written), or `nil` for an
    /// entry written here.
    public var importedAt: Date?

    /// What it replies to, or `nil` if it is not a reply. Fixed when it is posted; edits keep it.
    public var reply: EntryReply?

    /// The accounts its text mentions, as found when it was written or last edited (see `EntryText`).
    public var mentions: [Mention]

    /// Creates an entry; a new entry is at revision 1 and has not been edited.
    public init(
        id: ID,
        author: Account.ID,
        content: EntryContent,
        revision: Int = 1,
        createdAt: Date,
        editedAt: Date? = nil,
        importedAt: Date? = nil,
        reply: EntryReply? = nil,
        mentions: [Mention] = []
    ) {
        self.id = id
        self.author = author
        self.content = content
        self.revision = revision
        self.createdAt = createdAt
        self.editedAt = editedAt
        self.importedAt = importedAt
        self.reply = reply
        self.mentions = mentions
    }
}
