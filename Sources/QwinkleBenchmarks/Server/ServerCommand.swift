import ArgumentParser
import Foundation
import NIOCore
import NIOPosix
import Synchronization

/// `qwinkle-bench server`: loads a `qwinkle serve` process on a seeded folder route by route, beside a bare
/// Hummingbird route served the same way, and prints each route's rate, latency and errors.
struct ServerCommand: AsyncParsableCommand {
    /// The command's name and help.
    static let configuration = CommandConfiguration(
        commandName: "server",
        abstract: "Benchmark a qwinkle server on a seeded data folder.",
        discussion: """
            Starts `qwinkle serve --data DIR --port 0` (pinned to CPU 0 with taskset when it exists; the load runs \
            on CPU 1), then for each route a warm-up and a measured run over N keep-alive connections. The ceiling \
            is a bare Hummingbird route served the same way. The post routes add entries to the folder.

            Routes: \(BenchRoute.names.joined(separator: ", ")).
            """
    )

    @Option(help: ArgumentHelp("A folder seeded with `qwinkle-bench seed`.", valueName: "folder"))
    var data: String

    @Option(
        help: ArgumentHelp(
            "Serve from this PostgreSQL database (filled by `qwinkle-bench copy-to-postgres`) instead of the folder's SQLite file.",
            valueName: "postgres://user:password@host:port/database"
        )
    )
    var database: String?

    @Option(
        help: ArgumentHelp(
            "Serve with federation on, at this public URL (nothing is fetched from it): the cost of federating on every route.",
            valueName: "url"
        )
    )
    var publicURL: String?

    @Option(help: ArgumentHelp("The qwinkle executable; by default the one beside qwinkle-bench.", valueName: "path"))
    var qwinkle: String?

    @Option(help: "Seconds measured per route.")
    var duration: Double = 10

    @Option(help: "Seconds of warm-up per route; by default a fifth of --duration, at most 2.")
    var warmup: Double?

    @Option(help: "Connections per route (the popular author's post uses one).")
    var connections = 64

    @Option(help: ArgumentHelp("More seeded folders, comma-separated, for the home timeline's cost curve.", valueName: "folders"))
    var curve: String?

    @Option(help: ArgumentHelp("The routes to run, comma-separated; all by default.", valueName: "names"))
    var routes: String?

    @Option(help: ArgumentHelp("Also write the results as JSON to this file.", valueName: "file"))
    var json: String?

    @Flag(help: "Exit non-zero if any route had errors.")
    var failOnErrors = false

    /// Refuses options that cannot make a run, before any server starts.
    func validate() throws {
        guard duration > 0 else { throw ValidationError("--duration must be more than 0 seconds.") }
        guard (warmup ?? 0) >= 0 else { throw ValidationError("--warmup must not be negative.") }
        guard connections >= 1 else { throw ValidationError("--connections must be at least 1.") }
        let unknown = selectedRoutes.subtracting(BenchRoute.names)
        guard unknown.isEmpty else {
            throw ValidationError("unknown route \(unknown.sorted().joined(separator: ", ")); the routes are \(BenchRoute.names.joined(separator: ", ")).")
        }
    }

    /// The route names chosen with `--routes`, or all of them.
    private var selectedRoutes: Set<String> {
        guard let routes else { return Set(BenchRoute.names) }
        return Set(routes.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
    }

    /// Runs the chosen routes on each server in turn, then prints and writes the report.
    func run() async throws {
        let folder = URL(fileURLWithPath: data, isDirectory: true)
        let facts = try SeedFacts.read(folder: folder)
        let reader = try SeedFacts.token(SeedFacts.readerTokenFile, folder: folder)
        let popular = try SeedFacts.token(SeedFacts.popularTokenFile, folder: folder)
        let curveFolders = try (curve ?? "").split(separator: ",").map { path in
            let url = URL(fileURLWithPath: String(path), isDirectory: true)
            return (url, try SeedFacts.read(folder: url), try SeedFacts.token(SeedFacts.readerTokenFile, folder: url))
        }
        let executables = try Executables(qwinkle: qwinkle)
        let pinned = CPUPinning.pinSelf()
        if !pinned { Output.warning("not pinned: taskset is missing or there is one core, so the figures are rough") }
        #if DEBUG
        Output.warning("this is a debug build: use it to check the harness, never for figures")
        #endif

        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let warmUpSeconds = warmup ?? min(2, duration / 5)
        let runner = LoadRunner(group: group, warmUp: .nanoseconds(Int64(warmUpSeconds * 1e9)), duration: .nanoseconds(Int64(duration * 1e9)))
        let session = BenchSession(runner: runner, executables: executables, seconds: duration, database: database, publicURL: publicURL)
        let selected = selectedRoutes
        var results: [RouteResult] = []
        var curvePoints: [RouteResult] = []
        var peak: Int?
        do {
            if selected.contains("ceiling") {
                results.append(try await session.ceiling(connections: connections))
            }
            if facts.threadID == nil, !selected.isDisjoint(with: ["thread", "tag"]) {
                throw BenchFailure("\(folder.path) was seeded before threads and tags: seed a new folder for the thread and tag routes")
            }
            // The main folder's home timeline is the curve's first point, even when `home` itself is not chosen.
            let mastodonReader = !selected.isDisjoint(with: ["mastodon-home", "mastodon-post"])
                ? try await MastodonBenchToken.ensure(folder: folder, facts: facts, database: database) : nil
            let routes = BenchRoute.qwinkleRoutes(
                facts: facts, reader: reader, popular: popular, mastodonReader: mastodonReader, connections: connections
            )
                .filter { selected.contains($0.name) || ($0.name == "home" && selected.contains("curve")) }
            if !routes.isEmpty {
                let measured = try await session.qwinkle(folder: folder, routes: routes)
                results += measured.results.filter { selected.contains($0.name) }
                curvePoints += measured.results.filter { $0.name == "home" && selected.contains("curve") }.map { $0.curvePoint(entries: facts.entries) }
                peak = measured.peakResidentBytes
            }
            if selected.contains("fan-out") {
                try await FanOutFollowers.prepare(folder: folder, facts: facts, database: database)
                let clock = ContinuousClock()
                let started = clock.now
                let finished = Mutex(started)
                let measured = try await session.qwinkle(
                    folder: folder, routes: [BenchRoute.fanOut(popular: popular, username: facts.popularUsername)],
                    options: ["--public-url", FanOutFollowers.publicURL],
                    settle: {
                        let grew = try await FanOutFollowers.waitForQueue(folder: folder)
                        finished.withLock { $0 = grew }
                    }
                )
                let seconds = started.duration(to: finished.withLock { $0 }).seconds
                let queued = try await FanOutFollowers.clearQueue(folder: folder)
                Output.line(String(format: "fan-out: %d deliveries queued, %.0f a second from the server's start to the last", queued, Double(queued) / seconds))
                results += measured.results.map { result in
                    var result = result
                    result.deliveriesQueuedPerSecond = Double(queued) / seconds
                    return result
                }
            }
            if selected.contains("curve") {
                for (curveFolder, curveFacts, curveReader) in curveFolders {
                    let home = BenchRoute.get("home", "/api/qwinkle/v1/timelines/home?limit=20", connections: connections, bearer: curveReader)
                    let measured = try await session.qwinkle(folder: curveFolder, routes: [home.curvePoint(entries: curveFacts.entries)])
                    curvePoints += measured.results.map { $0.curvePoint(entries: curveFacts.entries) }
                }
            }
        } catch {
            try? await group.shutdownGracefully()
            throw error
        }
        try await group.shutdownGracefully()

        let report = BenchReport(routes: results + curvePoints.sorted { ($0.entries ?? 0) < ($1.entries ?? 0) }, peakResidentBytes: peak, pinned: pinned, seconds: duration)
        Output.line(report.table)
        if let json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            try encoder.encode(report).write(to: URL(fileURLWithPath: json))
        }
        if failOnErrors, results.contains(where: { $0.errors > 0 }) {
            Output.warning("some routes had errors")
            throw ExitCode(1)
        }
    }
}
