/// One subscriber's share of `EntryEvents`: the events published since it subscribed, with a heartbeat between.
struct EntrySubscription: Sendable {
    /// What a subscriber receives, in the order it happened.
    enum Message: Hashable, Sendable {
        /// An entry was written.
        case event(EntryEvent)
        /// Time to write something, so the connection is not silent for long.
        case heartbeat
    }

    /// The messages; the stream ends when the subscription is finished.
    let messages: AsyncStream<Message>
    /// Where the messages are sent from.
    let continuation: AsyncStream<Message>.Continuation

    /// Ends the subscription: messages already buffered are still read, then `messages` ends.
    func finish() {
        continuation.finish()
    }
}
