import AsyncHTTPClient
import Foundation
import Hummingbird
import Logging
import QwinkleClient
import QwinkleKit
import QwinkleServer
import QwinkleStorageSQLite
import Synchronization
import Testing

/// A temporary folder holding a Qwinkle server's data and a client's offline database. The server can run live,
/// stop, and run again at the same address over the same data, as a real server goes away and comes back.
///
/// The server listens on a loopback address of the bed's own (`LoopbackHost`): the first run takes a free port
/// there, and every later run, and `unlistened()`, binds that same port again. No other test's server listens on
/// that address, so none can take the port while this bed's server is down.
final class OfflineTestBed: Sendable {
    /// The folder, removed when the test bed goes.
    let folder: URL
    /// The loopback address the bed's server listens on.
    let host: String
    /// The port the first run got; every later run listens there again.
    private let port = Mutex<Int?>(nil)

    /// Makes the folder, and picks the bed's address; nothing runs yet.
    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("qwinkle-offline-tests-\(UUID().uuidString)")
        host = LoopbackHost.unique()
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("server"), withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: folder)
    }

    /// The client's offline database file.
    var storePath: String { folder.appendingPathComponent("offline.sqlite").path }

    /// Opens the client's offline database, as a new process would.
    func openStore() throws -> OfflineStore {
        try OfflineStore(path: storePath)
    }

    /// The server's address, known once it has run.
    var address: ServerAddress {
        get throws { try #require(ServerAddress("http://\(host):\(try knownPort)")) }
    }

    /// Holds the server's port bound but not listening, so a connection is refused at once, as by a server that is
    /// down; `release()` it before the server runs again.
    func unlistened() throws -> OfflineUnlistenedPort {
        try OfflineUnlistenedPort(host: host, port: try knownPort)
    }

    /// The port the server got on its first run.
    private var knownPort: Int {
        get throws { try #require(port.withLock { $0 }, "the test bed's server has not run yet, so it has no port") }
    }

    /// Runs the server live while `body` runs with its address, and stops it afterwards. The first run takes a free
    /// port; a later one comes back at the same address, as a server that went away does.
    func live<Value: Sendable>(_ body: @Sendable (ServerAddress) async throws -> Value) async throws -> Value {
        let (running, started) = AsyncStream<String>.makeStream()
        // Live test mode always listens on a new port on `localhost`, so this runs the application itself.
        let app = try makeApplication(port: port.withLock { $0 } ?? 0) { address in started.yield(address) }
        return try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                defer { started.finish() }
                try await app.runService(gracefulShutdownSignals: [])
            }
            var iterator = running.makeAsyncIterator()
            guard let listening = await iterator.next() else {
                // The server stopped before it listened: its error says why.
                try await group.next()
                throw CancellationError()
            }
            defer { group.cancelAll() }
            // The server reports "IP:PORT"; the port is what port 0 turned into.
            let bound = try #require(listening.split(separator: ":").last.flatMap { Int($0) }, "no port in \(listening)")
            port.withLock { $0 = bound }
            return try await body(try address)
        }
    }

    /// The server over this folder's database, with bcrypt's lowest cost to keep the tests fast.
    private func makeApplication(
        port: Int, onServerRunning: @escaping @Sendable (String) async -> Void
    ) throws -> some ApplicationProtocol {
        let data = folder.appendingPathComponent("server")
        let storage = try SQLiteStorage(path: data.appendingPathComponent("qwinkle.sqlite").path)
        var logger = Logger(label: "qwinkle-offline-tests")
        logger.logLevel = .critical
        let configuration = ServerConfiguration(host: host, port: port, dataDirectory: data, bcryptCost: 4)
        return try buildApplication(configuration: configuration, storage: storage, logger: logger, onServerRunning: onServerRunning)
    }

    /// An HTTP client that reports a refused connection at once. The shared one retries until its request
    /// deadline (30 seconds), which would make every "server is down" test wait that long.
    static let httpClient: HTTPClient = {
        var configuration = HTTPClient.Configuration()
        configuration.connectionPool.retryConnectionEstablishment = false
        return HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }()

    /// A client of `address`, signed in with `token`.
    static func client(_ address: ServerAddress, token: String? = nil) -> APIClient {
        APIClient(server: address, token: token, httpClient: httpClient)
    }

    /// Signs up `username` on the server at `address` and returns a client signed in as it.
    static func signUp(_ username: String, on address: ServerAddress) async throws -> APIClient {
        let session = try await client(address).signUp(SignUpForm(
            username: username, email: "\(username)@example.com", password: "correct horse", passwordConfirmation: "correct horse"
        ))
        return client(address, token: session.token)
    }

    /// The bodies of `username`'s entries on the server, newest first, as its owner sees them.
    static func bodies(of username: String, using client: APIClient) async throws -> [String] {
        try await client.timeline(.account(username)).items.map(\.entry.body)
    }

    /// A public update.
    static func update(_ body: String) -> EntryContent {
        EntryContent(kind: .update, body: body, visibility: .public)
    }
}
