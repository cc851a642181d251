import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import PostgresNIO
import QwinkleServer
import QwinkleStoragePostgres
import QwinkleStorageSQL
import QwinkleTestSupport
import Testing

/// A database that cannot answer is the server's trouble, said plainly: 503 with `Retry-After`, never a 500.
@Suite("An unavailable database")
struct UnavailableDatabaseTests {
    /// Runs `body` with a server whose PostgreSQL storage points where nothing listens.
    private func withServerWithoutDatabase(_ body: @Sendable (APIClient) async throws -> Void) async throws {
        var configuration = PostgresClient.Configuration(
            // Port 1 is privileged and unused: every connection is refused at once.
            host: "127.0.0.1", port: 1, username: "nobody", password: nil, database: "none", tls: .disable
        )
        configuration.options.connectTimeout = .milliseconds(200)
        var logger = Logger(label: "unavailable-database")
        logger.logLevel = .critical
        let storage = PostgresStorage(configuration: configuration, leaseTimeout: .milliseconds(300), logger: logger)
        try await withTemporaryFolder { folder in
            let app = try buildApplication(
                configuration: ServerConfiguration(port: 0, dataDirectory: folder, bcryptCost: 4), storage: storage,
                photoBytes: storage, logger: logger
            )
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { await storage.run() }
                defer { group.cancelAll() }
                try await app.test(.router) { client in try await body(APIClient(client: client)) }
            }
        }
    }

    @Test("The API answers 503 with Retry-After and a JSON error when the database cannot be reached")
    func apiUnavailable() async throws {
        try await withServerWithoutDatabase { api in
            let timeline = try await api.get("/api/qwinkle/v1/timelines/public")
            #expect(timeline.status == .serviceUnavailable)
            #expect(timeline.headers[.retryAfter] == "1")
            #expect(timeline.errorCode == "unavailable")
            let health = try await api.get("/health")
            #expect(health.status == .serviceUnavailable, "the health check tells a load balancer to send requests elsewhere")
        }
    }

    @Test("A web page answers 503 with Retry-After and says to try again in a moment")
    func pageUnavailable() async throws {
        try await withServerWithoutDatabase { api in
            let page = try await api.get("/")
            #expect(page.status == .serviceUnavailable)
            #expect(page.headers[.retryAfter] == "1")
            #expect(String(decoding: page.bytes, as: UTF8.self).contains("Try again in a moment"))
        }
    }
}
