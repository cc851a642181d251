import Foundation
import Logging
import PostgresNIO
import QwinkleStoragePostgres
import QwinkleStorageSQL

/// The PostgreSQL database tests use, when there is one: `QWINKLE_TEST_DATABASE=postgres://USER:PASSWORD@HOST:PORT/DB`.
/// `.ci/postgres start FOLDER PORT` makes a throwaway one and prints its URL. Each storage gets a schema of its
/// own, dropped afterwards, so tests running at once never see each other's rows.
///
/// The storage conformance suite runs on it whenever it is set; the server, client and CLI suites run their
/// servers on it instead of SQLite when `QWINKLE_TEST_SERVER_BACKEND=postgres` is set too.
public enum PostgresTestDatabase {
    /// The database's URL, if tests may use one.
    public static let url: PostgresURL? = ProcessInfo.processInfo.environment["QWINKLE_TEST_DATABASE"].flatMap { try? PostgresURL($0) }

    /// The test database's URL as given, with Qwinkle's tables in `schema`: for a `qwinkle serve --database`.
    public static func urlText(schema: String) throws -> String {
        guard let text = ProcessInfo.processInfo.environment["QWINKLE_TEST_DATABASE"], url != nil else { throw NotConfigured() }
        return text + (text.contains("?") ? "&" : "?") + "schema=\(schema)"
    }

    /// Whether test servers keep their data in PostgreSQL rather than SQLite.
    public static var serversUsePostgres: Bool {
        url != nil && ProcessInfo.processInfo.environment["QWINKLE_TEST_SERVER_BACKEND"] == "postgres"
    }

    /// Why PostgreSQL tests are skipped, as the test output shows it.
    public static let skipNotice = "QWINKLE_TEST_DATABASE is not set: PostgreSQL tests are skipped (see README, Testing on PostgreSQL)"

    /// A schema name no other test uses.
    public static func newSchema() -> String {
        "test_\(UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: ""))"
    }

    /// A storage in `schema`, with a small pool (tests run side by side, each with its own); not running yet.
    ///
    /// Its queries wait up to a minute for a connection, not the server's five seconds: with hundreds of tests at
    /// once on two cores, fifty writes queued for eight connections can wait longer, and that is not a failure.
    public static func storage(schema: String) throws -> PostgresStorage {
        guard let url else { throw NotConfigured() }
        var configuration = url.clientConfiguration
        configuration.options.maximumConnections = 8
        return PostgresStorage(configuration: configuration, schema: schema, leaseTimeout: .seconds(60), logger: logger)
    }

    /// Runs `body` with a new storage in a new schema, and drops the schema after.
    public static func withStorage<Result>(
        schema: String = newSchema(), _ body: (PostgresStorage) async throws -> Result
    ) async throws -> Result {
        let storage = try storage(schema: schema)
        do {
            let result = try await storage.withRunning(body)
            try await dropSchema(schema)
            return result
        } catch {
            try? await dropSchema(schema)
            throw error
        }
    }

    /// Drops a schema and everything in it.
    public static func dropSchema(_ schema: String) async throws {
        guard let url else { return }
        let client = PostgresClient(configuration: url.clientConfiguration)
        try await client.whileRunning(logger: logger) {
            _ = try await client.query("DROP SCHEMA IF EXISTS \(unescaped: schema) CASCADE")
        }
    }

    /// Runs one statement of the test's own on the test database (outside any storage's schema: name the schema in
    /// it) and returns its rows' first column.
    public static func query<Value: PostgresDecodable & Sendable>(_ sql: String, as type: Value.Type) async throws -> [Value] {
        guard let url else { throw NotConfigured() }
        let client = PostgresClient(configuration: url.clientConfiguration)
        return try await client.whileRunning(logger: logger) {
            var values: [Value] = []
            for try await value in try await client.query(PostgresQuery(unsafeSQL: sql)).decode(Value.self) {
                values.append(value)
            }
            return values
        }
    }

    /// There is no database to test on.
    public struct NotConfigured: Error, CustomStringConvertible {
        /// Says how to give one.
        public var description: String { PostgresTestDatabase.skipNotice }
    }

    /// Errors only: a test's output shows what matters.
    static let logger: Logger = {
        var logger = Logger(label: "qwinkle-tests-postgres")
        logger.logLevel = .error
        return logger
    }()
}
