import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import QwinkleArchive
import QwinkleFederation
import QwinkleServer
import QwinkleServices
import QwinkleStorage
import QwinkleStoragePostgres
import QwinkleStorageSQL
import QwinkleStorageSQLite
import ServiceLifecycle
import Testing

/// A real Qwinkle server for tests: the application `qwinkle serve` runs, over the SQLite file `qwinkle.sqlite` in a
/// data folder, or over a schema of its own in PostgreSQL (photos and live news included) when
/// `PostgresTestDatabase.serversUsePostgres`.
///
/// bcrypt's lowest cost keeps sign-ups fast; the server's default stays 12. It listens on port 0, so every run gets
/// a free port and reports it, unless `serve(port:_:)` asks again for the port an earlier run got.
public struct TestServer: Sendable {
    /// The folder of the server's database and photos.
    public let dataDirectory: URL
    /// Where the server keeps its data.
    private let backend: Backend
    /// What the application is built from.
    private let configuration: ServerConfiguration
    /// Where the application's and the test's own log lines go.
    private let logger: Logger

    /// How far the server's background workers have got: what a test waits for instead of sleeping.
    public var work: BackgroundWork { configuration.work }

    /// A server over `dataDirectory`, which must exist; its database is opened (or made) now, nothing runs yet.
    ///
    /// `host` is the address it listens on when it runs live: one of `LoopbackHost.unique()` for a test that stops it
    /// and runs it again at the same address. Whatever is `nil` keeps the server's own default. `logLevel` is the
    /// least severe log line shown: warnings by default, so a test's output shows what matters.
    public init(
        dataDirectory: URL, host: String = "127.0.0.1", maxPhotoBytes: Int? = nil, streamHeartbeat: Duration? = nil,
        clock: (@Sendable () -> Date)? = nil, rateLimits: RateLimits? = nil, timeouts: ConnectionTimeouts? = nil,
        maxArchiveBytes: Int? = nil, archiveLimits: ArchiveLimits? = nil, oauthPasswordGrant: Bool = false,
        federation: Federation = .off, deliverySettings: DeliveryService.Settings? = nil, remotePictureCacheBytes: Int? = nil,
        logLevel: Logger.Level = .warning
    ) throws {
        var configuration = ServerConfiguration(host: host, port: 0, dataDirectory: dataDirectory, bcryptCost: 4)
        if let rateLimits { configuration.rateLimits = rateLimits }
        if let timeouts { configuration.timeouts = timeouts }
        if let maxPhotoBytes { configuration.maxPhotoBytes = maxPhotoBytes }
        if let streamHeartbeat { configuration.streamHeartbeat = streamHeartbeat }
        if let clock { configuration.clock = clock }
        if let maxArchiveBytes { configuration.maxArchiveBytes = maxArchiveBytes }
        if let archiveLimits { configuration.archiveLimits = archiveLimits }
        configuration.oauthPasswordGrant = oauthPasswordGrant
        configuration.federation = federation
        if let deliverySettings { configuration.deliverySettings = deliverySettings }
        if let remotePictureCacheBytes { configuration.remotePictureCacheBytes = remotePictureCacheBytes }
        var logger = Logger(label: "qwinkle-tests")
        logger.logLevel = logLevel
        self.dataDirectory = dataDirectory
        backend = if PostgresTestDatabase.serversUsePostgres {
            // Named after the folder, so a server made again over the same folder finds its data again.
            .postgres(schema: "test_" + String(dataDirectory.path.utf8.reduce(UInt64(14_695_981_039_346_656_037)) { ($0 ^ UInt64($1)) &* 1_099_511_628_211 }, radix: 16))
        } else {
            .sqlite(try SQLiteStorage(path: dataDirectory.appendingPathComponent("qwinkle.sqlite").path))
        }
        self.configuration = configuration
        self.logger = logger
    }

    /// Runs `body` with a server over a new data folder, removed afterwards; the settings are `init`'s.
    public static func withTemporaryData<Value>(
        host: String = "127.0.0.1", maxPhotoBytes: Int? = nil, streamHeartbeat: Duration? = nil,
        clock: (@Sendable () -> Date)? = nil, rateLimits: RateLimits? = nil, timeouts: ConnectionTimeouts? = nil,
        maxArchiveBytes: Int? = nil, archiveLimits: ArchiveLimits? = nil, oauthPasswordGrant: Bool = false,
        federation: Federation = .off, deliverySettings: DeliveryService.Settings? = nil, remotePictureCacheBytes: Int? = nil,
        _ body: (TestServer) async throws -> Value
    ) async throws -> Value {
        try await withTemporaryFolder { folder in
            let server = try TestServer(
                dataDirectory: folder, host: host, maxPhotoBytes: maxPhotoBytes, streamHeartbeat: streamHeartbeat, clock: clock,
                rateLimits: rateLimits, timeouts: timeouts, maxArchiveBytes: maxArchiveBytes, archiveLimits: archiveLimits,
                oauthPasswordGrant: oauthPasswordGrant, federation: federation, deliverySettings: deliverySettings,
                remotePictureCacheBytes: remotePictureCacheBytes
            )
            do {
                let value = try await body(server)
                await server.removeData()
                return value
            } catch {
                await server.removeData()
                throw error
            }
        }
    }

    /// Where a test server keeps its data.
    private enum Backend {
        /// One SQLite file in the data folder, opened once.
        case sqlite(SQLiteStorage)
        /// A schema of its own in the test database, opened for each run.
        case postgres(schema: String)
    }

    /// Runs `body` with the storage open, and what else the backend keeps: photos' bytes and the news between
    /// servers in PostgreSQL, nothing more with SQLite (photos go to the data folder).
    private func withStorage<Value>(
        _ body: (any Storage, (any PhotoBytesStore)?, (any ServerChannel)?) async throws -> Value
    ) async throws -> Value {
        switch backend {
        case .sqlite(let storage):
            try await body(storage, nil, nil)
        case .postgres(let schema):
            try await PostgresTestDatabase.storage(schema: schema).withRunning { storage in try await body(storage, storage, storage) }
        }
    }

    /// Runs `body` with the server's storage open, for a test that arranges or checks data directly rather than
    /// through requests.
    public func withStorage<Value>(_ body: (any Storage) async throws -> Value) async throws -> Value {
        try await withStorage { storage, _, _ in try await body(storage) }
    }

    /// Runs `body` with the federation's service and the photo service over the server's data, as `qwinkle admin`
    /// has them: for a test of what an operator's decision about another server does.
    public func withFederationService<Value>(_ body: (FederationService, PhotoService) async throws -> Value) async throws -> Value {
        try await withStorage { storage, photoBytes, _ in
            let context = ServiceContext(storage: storage, events: InProcessEntryEventBus())
            let bytes = try photoBytes ?? PhotoFiles(dataDirectory: configuration.dataDirectory)
            return try await body(FederationService(context: context), PhotoService(context: context, bytes: bytes))
        }
    }

    /// Removes what the server kept outside its data folder (a PostgreSQL schema); the folder is the caller's.
    func removeData() async {
        guard case .postgres(let schema) = backend else { return }
        await PhaseWatch.watching {
            PhaseWatch.current?.enter("dropping its schema")
            try? await PostgresTestDatabase.dropSchema(schema)
        }
    }

    /// The address the server listens on when it runs live.
    var host: String { configuration.host }

    /// Runs `body` with a HummingbirdTesting client of the server: through the router alone, or with `live` on a
    /// free port of `host` (the client's `port`), for what only a socket shows (streams read as they arrive, a
    /// separate client). The server stops once `body` returns.
    public func test<Value>(live: Bool = false, _ body: @Sendable (any TestClientProtocol) async throws -> Value) async throws -> Value {
        try await PhaseWatch.watching {
            let value = try await withStorage { storage, photoBytes, channel in
                PhaseWatch.current?.enter("the server starting")
                let value = try await application(storage: storage, photoBytes: photoBytes, channel: channel).test(live ? .live : .router) { client in
                    PhaseWatch.current?.enter("the test's body")
                    let value = try await body(client)
                    PhaseWatch.current?.enter("the server's graceful shutdown")
                    return value
                }
                PhaseWatch.current?.enter("the storage stopping")
                return value
            }
            return value
        }
    }

    /// Runs the server on `host` and `port` (0 for a free one) while `body` runs with it, and stops it afterwards, as
    /// a server that goes away does; the port it got is free again once this returns.
    ///
    /// HummingbirdTesting's live mode always takes a new port, so this runs the application itself: for a test that
    /// stops the server and runs it again at the same address, or stops it gracefully and watches.
    public func serve<Value>(port: Int = 0, _ body: (RunningServer) async throws -> Value) async throws -> Value {
        try await PhaseWatch.watching {
            let value = try await withStorage { storage, photoBytes, channel in
                PhaseWatch.current?.enter("the served test's body")
                let value = try await serve(storage: storage, photoBytes: photoBytes, channel: channel, port: port, body)
                PhaseWatch.current?.enter("the storage stopping")
                return value
            }
            return value
        }
    }

    private func serve<Value>(
        storage: any Storage, photoBytes: (any PhotoBytesStore)?, channel: (any ServerChannel)?, port: Int,
        _ body: (RunningServer) async throws -> Value
    ) async throws -> Value {
        let (addresses, reported) = AsyncStream<String>.makeStream()
        let app = try application(storage: storage, photoBytes: photoBytes, channel: channel, port: port) { address in
            reported.yield(address)
        }
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
            let value = try await body(RunningServer(host: host, port: bound, storage: storage, group: group, stopped: stopped))
            PhaseWatch.current?.enter("the server stopping, cancelled")
            return value
        }
    }

    /// The application, over this server's storage, listening on `port` once it runs.
    private func application(
        storage: any Storage, photoBytes: (any PhotoBytesStore)?, channel: (any ServerChannel)?, port: Int = 0,
        onServerRunning: @escaping @Sendable (String) async -> Void = { _ in }
    ) throws -> some ApplicationProtocol {
        var configuration = configuration
        configuration.port = port
        return try buildApplication(
            configuration: configuration, storage: storage, photoBytes: try photoBytes ?? PhotoFiles(dataDirectory: configuration.dataDirectory), channel: channel,
            rateLimiter: storage as? any RateLimiter, logger: logger, onServerRunning: onServerRunning
        )
    }
}
