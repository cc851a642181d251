import Foundation

/// An entry with its thread, as a viewer is shown it: the entries above it that they may read, and a page of the
/// replies below it.
public struct EntryThread: Hashable, Sendable {
    /// The entry the thread is read from.
    public var entry: TimelineEntry
    /// The entries above it, the first of the thread first and the parent last. They stop at the first the viewer
    /// may not read, or that is gone: nothing beyond it is shown.
    public var ancestors: [TimelineEntry]
    /// Replies below it in reply order (each followed by its own replies), leaving out those the viewer may not read
    /// and everything below them.
    public var replies: [ThreadReply]

    /// Describes a thread.
    public init(entry: TimelineEntry, ancestors: [TimelineEntry], replies: [ThreadReply]) {
        self.entry = entry
        self.ancestors = ancestors
        self.replies = replies
    }
}

/// A reply in a thread, and how far below the thread's entry it is.
public struct ThreadReply: Hashable, Sendable, Identifiable {
    /// The reply.
    public var entry: TimelineEntry
    /// 1 for a direct reply to the thread's entry, 2 for a reply to one of those, and so on.
    public var depth: Int

    /// The reply's ID.
    public var id: Entry.ID { entry.id }

    /// Describes a reply in a thread.
    public init(entry: TimelineEntry, depth: Int) {
        self.entry = entry
        self.depth = depth
    }
}
