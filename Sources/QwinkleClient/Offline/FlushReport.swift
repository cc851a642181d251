/// What one flush of an outbox did.
public struct FlushReport: Equatable, Sendable {
    /// The items the server took, in the order sent.
    public var sent: [OutboxItem]
    /// The items the server refused, kept for the person to see.
    public var failed: [OutboxItem]
    /// Why the flush ended.
    public var ending: Ending

    /// Describes a flush.
    public init(sent: [OutboxItem] = [], failed: [OutboxItem] = [], ending: Ending) {
        self.sent = sent
        self.failed = failed
        self.ending = ending
    }

    /// Why a flush ended.
    public enum Ending: Equatable, Sendable {
        /// No pending item is left.
        case emptied
        /// The server could not take entries now (unreachable, a rejected token, a server failure, an unreadable
        /// answer); the rest stay pending, in order, for the next flush.
        case stopped(QwinkleError)
        /// Another flush, in this process or another, is sending from the same database; this one sent nothing.
        case alreadyFlushing
        /// The task was cancelled; the rest stay pending, in order.
        case cancelled
    }
}
