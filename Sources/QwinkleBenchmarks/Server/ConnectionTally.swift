/// What one connection saw during a measured run.
struct ConnectionTally: Sendable {
    /// The latency of every request sent after the warm-up, in nanoseconds, including failed ones.
    var latencies: [UInt64] = []
    /// Answers outside 2xx, by status code.
    var statusErrors: [UInt: Int] = [:]
    /// Connections lost or refused, and requests still unanswered at the hard deadline.
    var transportErrors = 0
    /// The first transport error, to say what went wrong.
    var firstTransportError: String?

    /// Counts a transport error.
    mutating func recordTransportError(_ description: String) {
        transportErrors += 1
        if firstTransportError == nil { firstTransportError = description }
    }

    /// Adds another connection's tally to this one.
    mutating func merge(_ other: ConnectionTally) {
        latencies += other.latencies
        statusErrors.merge(other.statusErrors, uniquingKeysWith: +)
        transportErrors += other.transportErrors
        if firstTransportError == nil { firstTransportError = other.firstTransportError }
    }
}
