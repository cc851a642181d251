import Foundation

/// What an entry answers, fixed when the reply is posted: the entry it replies to and who wrote that.
///
/// It is what the storage keeps, not what a reader is shown: whether a reader may learn any of it is the read
/// policy's to decide (see `ShownReply`).
public struct EntryReply: Hashable, Sendable, Codable {
    /// The entry replied to. It may since have been deleted; the reply keeps naming it.
    public var parent: Entry.ID
    /// The parent's author.
    public var parentAuthor: Account.ID
    /// The first entry of the thread (the parent's own root, or the parent when it is not a reply).
    public var root: Entry.ID
    /// The owner of the journal this reply lives in, for a reply in a thread that started in a journal entry:
    /// only the owner and those they share their journal with may read it, whoever wrote it.
    public var journal: Account.ID?

    /// Describes what a reply answers.
    public init(parent: Entry.ID, parentAuthor: Account.ID, root: Entry.ID, journal: Account.ID? = nil) {
        self.parent = parent
        self.parentAuthor = parentAuthor
        self.root = root
        self.journal = journal
    }

    /// What a reply to `parent` keeps of it: the parent, its author, the thread's first entry, and the journal the
    /// thread lives in, if any.
    public init(answering parent: Entry) {
        self.init(parent: parent.id, parentAuthor: parent.author, root: parent.reply?.root ?? parent.id, journal: parent.journalOwner)
    }

    enum CodingKeys: String, CodingKey {
        case parent = "entry_id"
        case parentAuthor = "author_id"
        case root = "root_id"
        case journal = "journal_id"
    }
}

extension Entry {
    /// The journal whose readers alone may read this entry besides its author: its own author's for a journal
    /// entry, the thread's owner's for a reply in a journal's thread, `nil` for anything else.
    public var journalOwner: Account.ID? {
        if let journal = reply?.journal { return journal }
        return visibility == .journal ? author : nil
    }
}
