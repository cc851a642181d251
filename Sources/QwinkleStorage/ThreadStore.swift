import QwinkleKit

/// An entry in a thread, below the entry the thread is read from.
public struct ThreadItem: Hashable, Sendable {
    /// The reply.
    public var entry: Entry
    /// How far below the thread's entry it is: 1 for a direct reply.
    public var depth: Int
    /// Describes a reply in a thread.
    public init(entry: Entry, depth: Int) {
        self.entry = entry
        self.depth = depth
    }
}

/// Where reading a thread's replies goes on from.
public struct ThreadCursor: Hashable, Sendable {
    /// The last reply read.
    public var after: Entry.ID
    /// Whether to skip that reply's own replies too (the reader may not read it, so not its thread either).
    public var skippingItsReplies: Bool
    /// Describes where to go on.
    public init(after: Entry.ID, skippingItsReplies: Bool) {
        self.after = after
        self.skippingItsReplies = skippingItsReplies
    }
}

/// Threads: the replies below an entry, the entries above it, and how many replies entries have.
///
/// A reply keeps naming its parent when the parent is deleted, so a thread read from its first entry still holds
/// the replies below a deleted one; entries in the trash are left out, as in every read.
public protocol ThreadStore: Sendable {
    /// The entries outside the trash among these IDs, in no particular order.
    func entries(ids: [Entry.ID]) async throws -> [Entry]
    /// The IDs of the entries above one, its thread's first entry first and its parent last, whether or not they
    /// still exist; none for an entry that is not a reply, or one that does not exist.
    func ancestorIDs(of entry: Entry.ID) async throws -> [Entry.ID]
    /// The replies below an entry, in reply order: each reply followed by its own replies, replies to one entry oldest
    /// first. At most `limit`, after `cursor`.
    func replies(below entry: Entry.ID, after cursor: ThreadCursor?, limit: Int) async throws -> [ThreadItem]
    /// The audiences of the direct replies to each of these entries (outside the trash), for the read policy to count.
    func replyAudiences(to entries: [Entry.ID]) async throws -> [Entry.ID: [EntryAudience]]
}
