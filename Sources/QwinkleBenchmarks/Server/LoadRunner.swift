import NIOCore
import NIOHTTP1
import NIOPosix

/// Runs the load of one route: N keep-alive connections on one event loop thread, each repeating one request.
///
/// One thread is the point: the client gets one core, and the ceiling route shows whether that core is enough
/// (tens of thousands of requests a second means the client is not what limits the slower routes).
struct LoadRunner {
    /// The loop every connection runs on.
    let group: MultiThreadedEventLoopGroup
    /// How long to warm up before counting.
    let warmUp: TimeAmount
    /// How long to count.
    let duration: TimeAmount

    /// Sends `request` to `host:port` over `connections` connections and returns what they saw together.
    func run(_ request: LoadRequest, host: String, port: Int, connections: Int) async -> ConnectionTally {
        let schedule = LoadSchedule(warmUp: warmUp, duration: duration)
        var results: [EventLoopFuture<ConnectionTally>] = []
        for _ in 0..<connections {
            let loop = group.next()
            let done = loop.makePromise(of: ConnectionTally.self)
            let connected = ClientBootstrap(group: loop)
                .channelOption(.socketOption(.tcp_nodelay), value: 1)
                .channelInitializer { channel in
                    channel.eventLoop.makeCompletedFuture {
                        try channel.pipeline.syncOperations.addHTTPClientHandlers()
                        try channel.pipeline.syncOperations.addHandler(
                            LoadConnectionHandler(request: request, schedule: schedule, done: done)
                        )
                    }
                }
                .connect(host: host, port: port)
            connected.whenFailure { error in
                var tally = ConnectionTally()
                tally.recordTransportError("cannot connect to \(host):\(port): \(error)")
                done.succeed(tally)
            }
            results.append(done.futureResult)
        }
        var total = ConnectionTally()
        for result in results {
            // The promises are only ever succeeded.
            if let tally = try? await result.get() { total.merge(tally) }
        }
        return total
    }
}
