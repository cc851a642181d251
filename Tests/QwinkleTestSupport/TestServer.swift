import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import QwinkleServer
import QwinkleStorageSQLite
import ServiceLifecycle
import Testing

/// A real Qwinkle server for tests: the application `qwinkle serve` runs, over the SQLite file `qwinkle.sqlite` in a
/// data folder.
///
/// bcrypt's lowest cost keeps sign-ups fast; the server's default stays 12. It listens on port 0, so every run gets
/// a free port and reports it, unless `serve(port:_:)` asks again for the port an earlier run got.
public struct TestServer: Sendable {
    /// The folder of the server's database and photos.
    public let dataDirectory: URL
    /// The server's storage, for a test that arranges or checks data directly rather than through requests.
    public let storage: SQLiteStorage
    /// What the application is built from.
    private let configuration: ServerConfiguration
    /// Where the application's and the test's own log lines go.
    private let logger: Logger

    /// A server over `dataDirectory`, which must exist; its database is opened (or made) now, nothing runs yet.
    ///
    /// `host` is the address it listens on when it runs live: one of `LoopbackHost.unique()` for a test that stops it
    /// and runs it again at the same address. Whatever is `nil` keeps the server's own default. `logLevel` is the
    /// least severe log line shown: warnings by default, so a test's output shows what matters.
    public init(
        dataDirectory: URL, host: String = "127.0.0.1", maxPhotoBytes: Int? = nil, streamHeartbeat: Duration? = nil,
        clock: (@Sendable () -> Date)? = nil, logLevel: Logger.Level = .warning
    ) throws {
        var configuration = ServerConfiguration(host: host, port: 0, dataDirectory: dataDirectory, bcryptCost: 4)
        if let maxPhotoBytes { configuration.maxPhotoBytes = maxPhotoBytes }
        if let streamHeartbeat { configuration.streamHeartbeat = streamHeartbeat }
        if let clock { configuration.clock = clock }
        var logger = Logger(label: "qwinkle-tests")
        logger.logLevel = logLevel
        self.dataDirectory = dataDirectory
        self.storage = try SQLiteStorage(path: dataDirectory.appendingPathComponent("qwinkle.sqlite").path)
        self.configuration = configuration
        self.logger = logger
    }

    /// Runs `body` with a server over a new data folder, removed afterwards; the settings are `init`'s.
    public static func withTemporaryData<Value>(
        host: String = "127.0.0.1", maxPhotoBytes: Int? = nil, streamHeartbeat: Duration? = nil,
        clock: (@Sendable () -> Date)? = nil, _ body: (TestServer) async throws -> Value
    ) async throws -> Value {
        try await withTemporaryFolder { folder in
            try await body(TestServer(
                dataDirectory: folder, host: host, maxPhotoBytes: maxPhotoBytes, streamHeartbeat: streamHeartbeat, clock: clock
            ))
        }
    }

    /// The address the server listens on when it runs live.
    var host: String { configuration.host }

    /// Runs `body` with a HummingbirdTesting client of the server: through the router alone, or with `live` on a
    /// free port of `host` (the client's `port`), for what only a socket shows (streams read as they arrive, a
    /// separate client). The server stops once `body` returns.
    public func test<Value>(live: Bool = false, _ body: @Sendable (any TestClientProtocol) async throws -> Value) async throws -> Value {
        try await application().test(live ? .live : .router, body)
    }

    /// Runs the server on `host` and `port` (0 for a free one) while `body` runs with it, and stops it afterwards, as
    /// a server that goes away does; the port it got is free again once this returns.
    ///
    /// HummingbirdTesting's live mode always takes a new port, so this runs the application itself: for a test that
    /// stops the server and runs it again at the same address, or stops it gracefully and watches.
    public func serve<Value>(port: Int = 0, _ body: (RunningServer) async throws -> Value) async throws -> Value {
        let (addresses, reported) = AsyncStream<String>.makeStream()
        let app = try application(port: port) { address in reported.yield(address) }
        let group = ServiceGroup(configuration: .init(services: [app], logger: logger))
        let (stopped, ended) = AsyncThrowingStream<Void, any Error>.makeStream()
        return try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask {
                defer { reported.finish() }
                do {
                    try await group.run()
                    ended.finish()
                } catch {
                    ended.finish(throwing: error)
                    throw error
                }
            }
            // Cancelled rather than shut down gracefully: nothing the test left open holds the server up.
            defer { tasks.cancelAll() }
            waitingFor("the server on \(host) to listen")
            var iterator = addresses.makeAsyncIterator()
            guard let address = await iterator.next() else {
                // The server stopped before it listened: its error says why.
                try await tasks.next()
                throw CancellationError()
            }
            // The server reports "IP:PORT"; the port is what port 0 turned into.
            let bound = try #require(address.split(separator: ":").last.flatMap { Int($0) }, "no port in \(address)")
            return try await body(RunningServer(host: host, port: bound, group: group, stopped: stopped))
        }
    }

    /// The application, over this server's storage, listening on `port` once it runs.
    private func application(
        port: Int = 0, onServerRunning: @escaping @Sendable (String) async -> Void = { _ in }
    ) throws -> some ApplicationProtocol {
        var configuration = configuration
        configuration.port = port
        return try buildApplication(configuration: configuration, storage: storage, logger: logger, onServerRunning: onServerRunning)
    }
}
