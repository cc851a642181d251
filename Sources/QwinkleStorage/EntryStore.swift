import Foundation
import QwinkleKit

/// An entry about to be stored; the storage gives it an ID and revision 1.
public struct NewEntry: Hashable, Sendable {
    /// The author.
    public var author: Account.ID
    /// What the author wrote.
    public var content: EntryContent
    /// When it is posted.
    public var createdAt: Date
    /// The author's draft this entry posts: deleted in the entry's own transaction, so a posted draft is gone the
    /// moment the entry exists. If it is not the author's or no longer exists, nothing is stored
    /// (`StorageError.notFound`), unless an idempotency key replays the entry its first request posted.
    public var draft: Draft.ID?
    /// What it replies to, or `nil`.
    public var reply: EntryReply?
    /// The accounts its text mentions (the services find them; the storage keeps them with the entry).
    public var mentions: [Mention]
    /// Who is told of it, and as what (`replied` or `mentioned`), recorded in the entry's transaction: those the
    /// services found may read it. Its tags need no list: the storage takes them from the text (`EntryText`).
    public var notify: [Account.ID: AccountNotification.Kind]
    /// Whether other servers are to be told of it: an `OutgoingWrite` is kept in the entry's transaction.
    public var announce: Bool

    /// Describes a new entry.
    public init(
        author: Account.ID, content: EntryContent, createdAt: Date, draft: Draft.ID? = nil, reply: EntryReply? = nil,
        mentions: [Mention] = [], notify: [Account.ID: AccountNotification.Kind] = [:], announce: Bool = false
    ) {
        self.announce = announce
        self.author = author
        self.content = content
        self.createdAt = createdAt
        self.draft = draft
        self.reply = reply
        self.mentions = mentions
        self.notify = notify
    }
}

/// An `Idempotency-Key` sent with a new entry: a key seen since `since` from the same author returns the first entry.
///
/// A key answers only for an entry that is not in the trash: a retry while its entry is there makes a new entry,
/// which the key then stands for (as when the key has expired), so a retry neither shows a deleted entry nor
/// brings it back. Restoring the old entry later does not take the key back; if no retry came while it was in
/// the trash, the key still replays it.
public struct IdempotencyKey: Hashable, Sendable {
    /// The client's key.
    public var key: String
    /// Keys used before this time are forgotten (24 hours before the request).
    public var since: Date

    /// Describes a key and how far back it counts.
    public init(key: String, since: Date) {
        self.key = key
        self.since = since
    }
}

/// What creating an entry did.
public enum EntryCreation: Hashable, Sendable {
    /// A new entry was stored.
    case created(Entry)
    /// The idempotency key was seen before: this is the entry it created, and nothing new was stored.
    case replayed(Entry)

    /// The entry, new or replayed.
    public var entry: Entry {
        switch self {
        case .created(let entry), .replayed(let entry): entry
        }
    }
}

/// Entries and their revisions.
public protocol EntryStore: Sendable {
    /// Stores a new entry (and its first revision), or returns the entry an idempotency key already made.
    func createEntry(_ entry: NewEntry, idempotencyKey: IdempotencyKey?) async throws -> EntryCreation
    /// The entry with this ID; `nil` if it is in the trash.
    func entry(id: Entry.ID) async throws -> Entry?
    /// Moves an entry to its author's trash (see `TrashStore`), out of every read until it is restored; returns
    /// whether it moved. An unknown entry, or one in the trash already (which keeps its first `date`), changes nothing.
    /// With `announce`, a deletion keeps an `OutgoingWrite` in its transaction.
    func deleteEntry(id: Entry.ID, at date: Date, announce: Bool) async throws -> Bool
    /// A page of a list, newest first, with each entry's cursor; entries in the trash are in no list.
    func entries(_ scope: EntryScope, page: PageRequest) async throws -> [Paged<Entry>]
}

extension EntryStore {
    /// Moves an entry to the trash, telling no other server (see `deleteEntry(id:at:announce:)`).
    public func deleteEntry(id: Entry.ID, at date: Date) async throws -> Bool {
        try await deleteEntry(id: id, at: date, announce: false)
    }
}
