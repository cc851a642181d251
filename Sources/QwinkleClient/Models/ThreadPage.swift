import QwinkleKit

/// A page of an entry's thread, and where the next page of its replies starts.
public struct ThreadPage: Sendable {
    /// The entry, the ancestors you may read and this page of replies.
    public var thread: EntryThread
    /// The cursor to pass as `after` for the next page of replies, or `nil` when there are no more.
    public var nextCursor: String?

    /// Describes a page of a thread.
    public init(thread: EntryThread, nextCursor: String?) {
        self.thread = thread
        self.nextCursor = nextCursor
    }
}
