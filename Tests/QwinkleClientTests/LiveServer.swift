import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import QwinkleServer
import QwinkleStorageSQLite
import Testing

/// A real Qwinkle server on a free port over a fresh SQLite file, for the tests that talk HTTP to it.
enum LiveServer {
    /// Runs `body` with the server's test client and port; the server keeps its files in `folder`, which must exist.
    static func run(in folder: URL, _ body: @Sendable (any TestClientProtocol, Int) async throws -> Void) async throws {
        let storage = try SQLiteStorage(path: folder.appendingPathComponent("qwinkle.sqlite").path)
        var logger = Logger(label: "qwinkle-client-tests")
        logger.logLevel = .warning
        // bcrypt's lowest cost keeps sign-ups fast; the server's default stays 12.
        let app = try buildApplication(
            configuration: ServerConfiguration(port: 0, dataDirectory: folder, bcryptCost: 4), storage: storage, logger: logger
        )
        try await app.test(.live) { client in
            try await body(client, try #require(client.port))
        }
    }
}
