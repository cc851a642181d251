import Logging
import PostgresNIO
@testable import QwinkleStoragePostgres
import QwinkleTestSupport
import Testing

/// PostgresNIO never answers a query written after its connection closed, and cancelling its caller does not help:
/// a request, a shutdown or a whole test run would wait for ever (seen in CI, a pool shutting down under a test).
@Suite("Work on a closed PostgreSQL connection", .enabled(if: PostgresTestDatabase.url != nil, Comment(rawValue: PostgresTestDatabase.skipNotice)))
struct ClosedConnectionTests {
    @Test("A query on a connection that has closed ends in an error soon after, instead of waiting for ever")
    func closedConnectionIsLetGo() async throws {
        let url = try #require(PostgresTestDatabase.url)
        let logger = Logger(label: "closed-connection")
        let connection = try await PostgresConnection.connect(
            configuration: .init(host: url.host, port: url.port, username: url.username, password: url.password, database: url.database, tls: .disable),
            id: 1, logger: logger
        )
        try await connection.close()

        let watch = ClosedConnectionWatch(grace: .milliseconds(200))
        let started = ContinuousClock.now
        await #expect(throws: PostgresFailure.ClosedConnection.self) {
            try await watch.answering(on: connection) { connection in
                try await connection.query("SELECT 1", logger: logger).collect().count
            }
        }
        // Unwatched it would never end; the bound is far above the grace so that a loaded machine does not fail it.
        #expect(ContinuousClock.now - started < .seconds(60))
    }
}
