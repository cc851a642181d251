import Foundation
import Logging
import PostgresNIO
import QwinkleStoragePostgres

/// The PostgreSQL database tests use, when there is one: `QWINKLE_TEST_DATABASE=postgres://USER:PASSWORD@HOST:PORT/DB`.
/// `.ci/postgres start FOLDER PORT` makes a throwaway one and prints its URL. Each storage gets a schema of its
/// own, dropped afterwards, so tests running at once never see each other's rows.
enum PostgresTestDatabase {
    /// The database's URL, if tests may use one.
    static let url: PostgresURL? = ProcessInfo.processInfo.environment["QWINKLE_TEST_DATABASE"].flatMap { try? PostgresURL($0) }

    /// Why PostgreSQL tests are skipped, as the test output shows it.
    static let skipNotice = "QWINKLE_TEST_DATABASE is not set: PostgreSQL tests are skipped (see README, Testing on PostgreSQL)"

    /// Runs `body` with a new storage in a new schema, and drops the schema after.
    static func withStorage<Result>(
        schema: String = "test_\(UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: ""))",
        _ body: (PostgresStorage) async throws -> Result
    ) async throws -> Result {
        guard let url else { throw NotConfigured() }
        var configuration = url.clientConfiguration
        // Tests run side by side, each with its own pool: keep each small.
        configuration.options.maximumConnections = 8
        let storage = PostgresStorage(configuration: configuration, schema: schema, logger: logger)
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
    static func dropSchema(_ schema: String) async throws {
        guard let url else { return }
        let client = PostgresClient(configuration: url.clientConfiguration)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await client.run() }
            defer { group.cancelAll() }
            try await client.query("DROP SCHEMA IF EXISTS \(unescaped: schema) CASCADE")
        }
    }

    struct NotConfigured: Error, CustomStringConvertible {
        var description: String { PostgresTestDatabase.skipNotice }
    }

    static let logger: Logger = {
        var logger = Logger(label: "qwinkle-tests-postgres")
        logger.logLevel = .error
        return logger
    }()
}
