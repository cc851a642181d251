import AsyncHTTPClient
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import QwinkleClient
import QwinkleKit
import QwinkleServer
import QwinkleStorageSQLite
import Testing

/// A temporary folder holding a Qwinkle server's data and a client's offline database. The server can run live,
/// stop, and run again on the same port over the same data, as a real server goes away and comes back.
final class OfflineTestBed: Sendable {
    /// The folder, removed when the test bed goes.
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("qwinkle-offline-tests-\(UUID().uuidString)")
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

    /// Runs the server live while `body` runs with its address; stops it afterwards.
    func live<Value: Sendable>(_ body: @Sendable (ServerAddress) async throws -> Value) async throws -> Value {
        try await makeApplication(port: 0).test(.live) { client in
            let port = try #require(client.port)
            return try await body(try #require(ServerAddress("http://127.0.0.1:\(port)")))
        }
    }

    /// Runs the server again on `port`, as a server that went away comes back at its address, while `body` runs;
    /// stops it afterwards. Live test mode always listens on a new port, so this runs the application itself.
    func restart<Value: Sendable>(on port: Int, _ body: @Sendable (ServerAddress) async throws -> Value) async throws -> Value {
        let (running, started) = AsyncStream<Void>.makeStream()
        let app = try makeApplication(port: port) { _ in started.yield() }
        return try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                defer { started.finish() }
                try await app.runService(gracefulShutdownSignals: [])
            }
            var iterator = running.makeAsyncIterator()
            guard await iterator.next() != nil else {
                // The server stopped before it listened: its error says why.
                try await group.next()
                throw CancellationError()
            }
            defer { group.cancelAll() }
            return try await body(try #require(ServerAddress("http://127.0.0.1:\(port)")))
        }
    }

    /// The server over this folder's database, with bcrypt's lowest cost to keep the tests fast.
    private func makeApplication(
        port: Int, onServerRunning: @escaping @Sendable (String) async -> Void = { _ in }
    ) throws -> some ApplicationProtocol {
        let data = folder.appendingPathComponent("server")
        let storage = try SQLiteStorage(path: data.appendingPathComponent("qwinkle.sqlite").path)
        var logger = Logger(label: "qwinkle-offline-tests")
        logger.logLevel = .critical
        let configuration = ServerConfiguration(port: port, dataDirectory: data, bcryptCost: 4)
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
