/// What `withTimeout` throws when the time is up: the limit, and what the test was waiting for then.
public struct TimedOut: Error, CustomStringConvertible {
    /// The time that was up.
    public let limit: Duration
    /// What the test was waiting for when it was up.
    public let waitingFor: String
    /// Says what never came, and after how long.
    public var description: String { "Timed out after \(limit) waiting for \(waitingFor)." }
}
