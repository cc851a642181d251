import Foundation
import Logging
import PostgresNIO
import QwinkleStorage
import QwinkleStorageSQL

/// Qwinkle's storage for scale-out: PostgreSQL through PostgresNIO's pooled `PostgresClient`, shared by any number
/// of server processes.
///
/// Every value is bound as a parameter, never pasted into SQL. Each write method is one transaction; one that fails
/// for a reason worth trying again (a serialization failure, a deadlock, a dropped connection) is tried again a few
/// times, then reported as `StorageError.unavailable`.
///
/// The client must run while the storage is used: `withRunning(_:)` runs it, brings the schema up to date and
/// stops it after, which is what `qwinkle serve` and the tests do.
public struct PostgresStorage: Sendable {
    /// The pool every query goes through.
    let client: PostgresClient
    /// The schema holding Qwinkle's tables (PostgreSQL's `search_path` of every connection).
    public let schema: String
    /// Where the client's own messages go.
    let logger: Logger
    /// The first key of the advisory locks this storage takes, from its schema's name, so that two schemas in one
    /// database never wait for each other.
    let lockSpace: Int32
    /// How long a query waits for a pooled connection before the storage says it is unavailable.
    let leaseTimeout: Duration
    /// The most connections the pool opens.
    let maximumConnections: Int

    /// A storage over the database `configuration` reaches, with its tables in `schema` (created when missing).
    /// A query waits at most `leaseTimeout` for a connection (the database is down, or every connection is busy).
    public init(
        configuration: PostgresClient.Configuration, schema: String = "public", leaseTimeout: Duration = .seconds(5), logger: Logger
    ) {
        var configuration = configuration
        configuration.options.additionalStartupParameters.append(("search_path", schema))
        // Qwinkle's times are UTC; the session's zone only changes how a time prints in psql.
        configuration.options.additionalStartupParameters.append(("TimeZone", "UTC"))
        // Named with the schema, so an operator (or a test) can tell which servers' connections are which.
        configuration.options.additionalStartupParameters.append(("application_name", "qwinkle:\(schema)"))
        // The pool logs every failed attempt to connect (a line a second during an outage) and a lease asked for in
        // the instant before `run()` starts; the storage logs the failures that reach a request itself.
        var background = logger
        background.logLevel = max(logger.logLevel, .error)
        client = PostgresClient(configuration: configuration, backgroundLogger: background)
        self.schema = schema
        self.leaseTimeout = leaseTimeout
        maximumConnections = configuration.options.maximumConnections
        self.logger = logger
        lockSpace = Self.lockSpace(of: schema)
    }

    /// A storage over the database a `postgres://` URL names; see `PostgresURL`.
    public init(url: PostgresURL, logger: Logger) {
        self.init(configuration: url.clientConfiguration, schema: url.schema, logger: logger)
    }

    /// Runs the client while `body` runs: first brings the schema up to date (under a lock, so servers starting
    /// together migrate once), then calls `body`, then stops the client.
    public func withRunning<Result>(_ body: (PostgresStorage) async throws -> Result) async throws -> Result {
        try await client.whileRunning(logger: logger) {
            try await migrate()
            return try await body(self)
        }
    }

    /// Runs the client's background work until the task is cancelled, without migrating: for a caller that manages
    /// the schema itself. `withRunning(_:)` is the usual way.
    public func run() async {
        await client.run()
    }

    /// A stable 32-bit number for a schema's name (FNV-1a), the first key of its advisory locks.
    private static func lockSpace(of schema: String) -> Int32 {
        var hash: UInt32 = 2_166_136_261
        for byte in schema.utf8 {
            hash = (hash ^ UInt32(byte)) &* 16_777_619
        }
        return Int32(bitPattern: hash)
    }
}

extension PostgresStorage: HealthCheck {
    /// Runs a trivial query.
    public func checkHealth() async throws {
        try await reading { connection in
            _ = try await connection.query("SELECT 1", logger: logger).collect()
        }
    }
}
