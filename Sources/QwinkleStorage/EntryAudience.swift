import QwinkleKit

/// Who wrote an entry and for whom: all the read policy needs to know of it.
public struct EntryAudience: Hashable, Sendable {
    /// The author.
    public var author: Account.ID
    /// The entry's visibility.
    public var visibility: Visibility
    /// For a reply in a thread that started in a journal entry, that journal's owner: only the owner and their
    /// journal's readers may read it besides its author (see `EntryReply.journal`).
    public var journal: Account.ID?
    /// For a reply, the author of the entry it answers, who may read it unless it is private.
    public var parentAuthor: Account.ID?
    /// Describes an entry's audience.
    public init(author: Account.ID, visibility: Visibility, journal: Account.ID? = nil, parentAuthor: Account.ID? = nil) {
        self.author = author
        self.visibility = visibility
        self.journal = journal
        self.parentAuthor = parentAuthor
    }
    /// An entry's audience.
    public init(_ entry: Entry) {
        self.init(author: entry.author, visibility: entry.visibility, journal: entry.reply?.journal, parentAuthor: entry.reply?.parentAuthor)
    }
}
