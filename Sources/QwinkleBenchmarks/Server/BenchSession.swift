import Foundation

/// Starts each server a run needs, loads its routes one after another, and stops it.
struct BenchSession {
    /// The load generator.
    let runner: LoadRunner
    /// The programs to start.
    let executables: Executables
    /// Seconds measured per route, to turn counts into rates.
    let seconds: Double
    /// The PostgreSQL database to serve from, instead of the folder's SQLite file.
    var database: String?
    /// The public URL to serve with federation on at, as a federating server is served; `nil` for federation off.
    var publicURL: String?

    /// The bare Hummingbird route, served by `qwinkle-bench ceiling` on the server's core.
    func ceiling(connections: Int) async throws -> RouteResult {
        let server = try await ServerProcess(
            name: "the ceiling server", executable: executables.bench, arguments: ["ceiling", "--port", "0"],
            listeningPrefix: CeilingCommand.listeningPrefix, cpu: CPUPinning.isAvailable ? CPUPinning.serverCPU : nil
        )
        let route = BenchRoute.get("ceiling", "/", connections: connections)
        let result = try await measure(route, on: server)
        await server.stop()
        return result
    }

    /// `qwinkle serve` on `folder` (with `options` besides the folder and address), with each of `routes` in turn,
    /// then `settle` (what must be waited for before the server stops), and the server's peak memory at the end.
    func qwinkle(
        folder: URL, routes: [BenchRoute], options: [String] = [], settle: (@Sendable () async throws -> Void)? = nil
    ) async throws -> (results: [RouteResult], peakResidentBytes: Int?) {
        let server = try await ServerProcess(
            name: "qwinkle serve", executable: executables.qwinkle,
            arguments: ["serve", "--data", folder.path, "--host", "127.0.0.1", "--port", "0"] + (database.map { ["--database", $0] } ?? [])
                + (publicURL.map { ["--public-url", $0] } ?? []) + options,
            listeningPrefix: "Qwinkle is listening on http://", cpu: CPUPinning.isAvailable ? CPUPinning.serverCPU : nil
        )
        var results: [RouteResult] = []
        do {
            for route in routes {
                results.append(try await measure(route, on: server))
            }
            try await settle?()
        } catch {
            await server.stop()
            throw error
        }
        let peak = server.peakResidentBytes()
        await server.stop()
        return (results, peak)
    }

    /// Loads one route on a running server and prints its line as soon as it is measured.
    private func measure(_ route: BenchRoute, on server: ServerProcess) async throws -> RouteResult {
        guard let colon = server.address.lastIndex(of: ":"), let port = Int(server.address[server.address.index(after: colon)...]) else {
            throw BenchFailure("\(server.name) printed an address without a port: \(server.address)")
        }
        let host = String(server.address[..<colon])
        let clock = ContinuousClock()
        let (started, cpuBefore) = (clock.now, ProcessCPU.seconds())
        let tally = await runner.run(route.request(server.address), host: host, port: port, connections: route.connections)
        var result = RouteResult(route: route, tally: tally, seconds: seconds)
        if let cpuBefore, let cpuAfter = ProcessCPU.seconds() {
            result.clientCPU = (cpuAfter - cpuBefore) / started.duration(to: clock.now).seconds
        }
        let figures = String(
            format: "%.1f req/s, p50 %.2f ms, p99 %.2f ms, %d errors, client CPU %.0f %%", result.requestsPerSecond,
            result.p50Milliseconds, result.p99Milliseconds, result.errors, (result.clientCPU ?? 0) * 100
        )
        Output.line("\(result.name): \(figures)")
        return result
    }
}
