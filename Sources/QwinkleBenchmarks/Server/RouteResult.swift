/// One route's figures in a run.
struct RouteResult: Codable, Sendable {
    /// The route's name, or `home@N` for the home timeline on a folder of N entries.
    var name: String
    /// Method and target.
    var label: String
    /// Connections used.
    var connections: Int
    /// Requests answered in the measured time.
    var requests: Int
    /// Requests a second.
    var requestsPerSecond: Double
    /// Median latency in milliseconds.
    var p50Milliseconds: Double
    /// 99th-percentile latency in milliseconds.
    var p99Milliseconds: Double
    /// How much longer the slowest hundredth waits than the median: near 1 when every connection is served alike.
    var p99OverP50: Double
    /// Answers outside 2xx, transport errors and timeouts.
    var errors: Int
    /// What the errors were, when there were any.
    var errorDetail: String?
    /// Requests a second as a share of the ceiling route's, when it ran.
    var ratioToCeiling: Double?
    /// Entries in the folder served, for the cost curve.
    var entries: Int?
    /// The load generator's CPU time over the route's wall time (warm-up included), as a share of one core: near 1
    /// means the client, not the server, may have set the pace.
    var clientCPU: Double?
    /// For the fan-out route: deliveries to other servers queued a second, from the server's start until the last was queued.
    var deliveriesQueuedPerSecond: Double?

    /// The figures of a tally measured over `seconds`.
    init(route: BenchRoute, name: String? = nil, tally: ConnectionTally, seconds: Double, entries: Int? = nil) {
        self.name = name ?? route.name
        label = route.label
        connections = route.connections
        self.entries = entries
        let sorted = tally.latencies.sorted()
        requests = sorted.count
        requestsPerSecond = Double(sorted.count) / seconds
        p50Milliseconds = Self.percentile(0.50, of: sorted)
        p99Milliseconds = Self.percentile(0.99, of: sorted)
        p99OverP50 = p50Milliseconds > 0 ? p99Milliseconds / p50Milliseconds : 0
        // A route with no answer in the measured time measured nothing: that is an error too.
        let unmeasured = sorted.isEmpty ? 1 : 0
        errors = tally.statusErrors.values.reduce(0, +) + tally.transportErrors + unmeasured
        var details = tally.statusErrors.sorted { $0.key < $1.key }.map { "\($0.value)× HTTP \($0.key)" }
        if let transport = tally.firstTransportError { details.append("\(tally.transportErrors)× \(transport)") }
        if unmeasured > 0 { details.append("no request was both sent and answered after the warm-up") }
        errorDetail = details.isEmpty ? nil : details.joined(separator: ", ")
    }

    /// The latency below which `fraction` of the sorted latencies (nanoseconds) fall, in milliseconds.
    private static func percentile(_ fraction: Double, of sorted: [UInt64]) -> Double {
        guard !sorted.isEmpty else { return 0 }
        let rank = Int((fraction * Double(sorted.count)).rounded(.up)) - 1
        return Double(sorted[min(sorted.count - 1, max(0, rank))]) / 1e6
    }
}

extension RouteResult {
    /// This home timeline result as a point of the cost curve, named by the folder's size.
    func curvePoint(entries: Int) -> RouteResult {
        var point = self
        point.name = "home@\(entries)"
        point.entries = entries
        return point
    }
}
