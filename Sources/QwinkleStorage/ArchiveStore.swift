import Foundation
import QwinkleKit

/// One revision of an entry brought in from an archive: its content and when it was made.
public struct ImportedRevision: Hashable, Sendable {
    /// What the revision said, with photos already stored on this server.
    public var content: EntryContent
    /// When it was made: the entry's creation for the first, its edit for each later one.
    public var date: Date

    /// Describes a revision.
    public init(content: EntryContent, date: Date) {
        self.content = content
        self.date = date
    }
}

/// What an imported entry replies to.
public enum ImportedReply: Hashable, Sendable {
    /// Another entry of the same archive, or one imported before from the same origin, by its source ID: it must come
    /// first (archives list entries oldest first), and the reply is left a plain entry if it is not found.
    case source(String)
    /// An entry on this server.
    case entry(EntryReply)
}

extension ImportedReply {
    /// The entry on this server it answers, when the import found one.
    package var existing: EntryReply? {
        if case .entry(let reply) = self { return reply }
        return nil
    }

    /// The source ID of the entry it answers, when that comes with an archive: the storage finds it among the entries
    /// the import made so far, or those an earlier import from the same origin made.
    package var source: String? {
        if case .source(let source) = self { return source }
        return nil
    }
}

/// An entry brought in from an archive, named by where it came from so it is brought in once.
public struct ImportedEntry: Hashable, Sendable {
    /// Its ID where it came from; with the import's origin, unique per author.
    public var sourceID: String
    /// Every revision, oldest first, at least one; the last is the entry as it is now.
    public var revisions: [ImportedRevision]
    /// When it was last edited where it came from, if ever.
    public var editedAt: Date?
    /// Whether the importing account marks it (a star in the app it came from).
    public var marked: Bool
    /// What it replies to, if anything.
    public var reply: ImportedReply?

    /// Describes an imported entry.
    public init(sourceID: String, revisions: [ImportedRevision], editedAt: Date?, marked: Bool = false, reply: ImportedReply? = nil) {
        self.sourceID = sourceID
        self.revisions = revisions
        self.editedAt = editedAt
        self.marked = marked
        self.reply = reply
    }
}

/// What an account's archive reads and an import writes.
public protocol ArchiveStore: Sendable {
    /// A page of the author's entries outside the trash, oldest first: those with IDs above `after`. An archive is
    /// written oldest first, a page at a time, so a large account is never read whole.
    func entriesOldestFirst(by author: Account.ID, after: Entry.ID?, limit: Int) async throws -> [Entry]
    /// The source IDs the author has imported from `origin` (entries since put in the trash included).
    func importedSourceIDs(author: Account.ID, origin: String) async throws -> Set<String>
    /// Stores imported entries, each with every revision and its times (and the author's mark on those `marked`,
    /// without a notification), in one transaction: all of them or none.
    /// An entry whose source ID the author has imported from `origin` before is skipped. Returns how many were stored.
    func importEntries(_ entries: [ImportedEntry], author: Account.ID, origin: String, at date: Date) async throws -> Int
}
