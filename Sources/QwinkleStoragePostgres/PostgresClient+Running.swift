import Logging
import PostgresNIO

extension PostgresClient {
    /// How long a stopping client may take to close its connections before it is left to finish alone.
    public static let stopGrace: Duration = .seconds(10)

    /// Runs the client while `body` runs, then stops it, waiting at most `stopGrace` for its connections to close.
    ///
    /// Cancelling `run()` force-closes the pool, and `run()` returns once every connection has reported closing.
    /// Under load, PostgresNIO's pool sometimes never hears that report: its `run()` then never returns, and a
    /// `run()` in a child task holds its task group, and so a stopping server or a test, for ever. So the client
    /// runs in a task of its own, which is left to finish in the background if it does not within the grace.
    public func whileRunning<Result>(logger: Logger, _ body: () async throws -> Result) async throws -> Result {
        let running = Task { await self.run() }
        do {
            let result = try await body()
            await Self.stop(running, logger: logger)
            return result
        } catch {
            await Self.stop(running, logger: logger)
            throw error
        }
    }

    /// Cancels a client's `run()` and waits for it to return, at most `stopGrace`.
    private static func stop(_ running: Task<Void, Never>, logger: Logger) async {
        running.cancel()
        let (outcomes, outcome) = AsyncStream<Bool>.makeStream()
        Task {
            await running.value
            outcome.yield(true)
        }
        let timer = Task {
            try? await Task.sleep(for: stopGrace)
            outcome.yield(false)
        }
        var iterator = outcomes.makeAsyncIterator()
        let stopped = await iterator.next() ?? false
        timer.cancel()
        outcome.finish()
        if !stopped {
            logger.warning("The database's connection pool did not stop within \(stopGrace); going on without waiting for it.")
        }
    }
}
