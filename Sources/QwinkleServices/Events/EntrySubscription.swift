/// One subscriber's share of an `EntryEventBus`: the events published since it subscribed, with a heartbeat between.
public struct EntrySubscription: Sendable {
    /// What a subscriber receives, in the order it happened.
    public enum Message: Hashable, Sendable {
        /// An entry was written.
        case event(EntryEvent)
        /// Time to write something, so the connection is not silent for long.
        case heartbeat
    }

    /// The messages; the stream ends when the subscription is finished.
    public let messages: AsyncStream<Message>
    /// Where the messages are sent from.
    public let continuation: AsyncStream<Message>.Continuation

    /// Pairs a stream of messages with the continuation that feeds it.
    public init(messages: AsyncStream<Message>, continuation: AsyncStream<Message>.Continuation) {
        self.messages = messages
        self.continuation = continuation
    }

    /// Ends the subscription: messages already buffered are still read, then `messages` ends.
    public func finish() {
        continuation.finish()
    }
}
