import Foundation
import Logging
import PostgresNIO
import QwinkleStorage
import QwinkleStorageSQL

extension PostgresStorage {
    /// A server found the schema at a version newer than it knows: a newer Qwinkle migrated it.
    public struct SchemaTooNew: Error, CustomStringConvertible {
        /// The schema's version in the database.
        public let found: Int
        /// The newest version this build knows.
        public let known: Int
        /// One line for the operator.
        public var description: String {
            "The database's schema is at version \(found), newer than this Qwinkle knows (\(known)); run a newer Qwinkle."
        }
    }

    /// The schema version this build brings a database to.
    public static var migrationCount: Int { migrations.count }

    /// Brings the schema up to date, in one transaction under the migrations' advisory lock, so that of several
    /// servers starting at once one migrates and the others find it done. Refuses a schema newer than it knows.
    func migrate() async throws {
        try await writing { connection in
            try await lock(.migrations, on: connection)
            try await connection.execute("CREATE SCHEMA IF NOT EXISTS \(unescaped: schema)", logger: logger)
            try await connection.execute(
                """
                CREATE TABLE IF NOT EXISTS qwinkle_migrations (
                    version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TIMESTAMPTZ NOT NULL DEFAULT now()
                )
                """,
                logger: logger
            )
            let current = try await version(on: connection)
            guard current <= Self.migrations.count else { throw SchemaTooNew(found: current, known: Self.migrations.count) }
            for (index, migration) in Self.migrations.enumerated() where index + 1 > current {
                // One statement per query: the extended protocol every query uses takes one at a time. No statement
                // here has a parameter, nor a semicolon inside it but in a function's `$$` body.
                for statement in Self.statements(of: migration.sql) {
                    try await connection.execute(PostgresQuery(unsafeSQL: statement), logger: logger)
                }
                try await afterMigration(index + 1, on: connection)
                try await connection.execute(
                    "INSERT INTO qwinkle_migrations (version, name) VALUES (\(index + 1), \(migration.name))", logger: logger
                )
            }
        }
    }

    /// What a migration needs done in Swift, in its transaction: the tags of the entries written before tags were kept.
    private func afterMigration(_ version: Int, on connection: PostgresConnection) async throws {
        guard version == 10 else { return }
        try await sql(connection).tagEntriesWrittenBeforeTags()
    }

    /// A migration's statements: its text cut at each `terminator` (a semicolon) outside a `$$`-quoted function
    /// body. A `pg_dump`, whose data may hold semicolons, is cut at a semicolon that ends a line.
    package static func statements(of sql: String, terminator: String = ";") -> [String] {
        var statements: [String] = []
        var current = ""
        for (index, part) in sql.components(separatedBy: "$$").enumerated() {
            if index > 0 { current += "$$" }
            guard index.isMultiple(of: 2) else {
                current += part
                continue
            }
            let pieces = part.components(separatedBy: terminator)
            for (position, piece) in pieces.enumerated() {
                current += piece
                guard position < pieces.count - 1 else { break }
                statements.append(current)
                current = ""
            }
        }
        statements.append(current)
        return statements.filter { !$0.allSatisfy(\.isWhitespace) }
    }

    /// The schema's version in the database, for checks.
    public func schemaVersion() async throws -> Int {
        try await reading { connection in try await version(on: connection) }
    }

    /// The newest migration recorded, 0 for none.
    private func version(on connection: PostgresConnection) async throws -> Int {
        try await connection.query("SELECT coalesce(max(version), 0) FROM qwinkle_migrations", logger: logger)
            .first { try $0.decode(Int.self) } ?? 0
    }
}
