import Foundation
import GRDB
import QwinkleStorage

/// Qwinkle's default storage: one SQLite file, through a GRDB `DatabasePool` in WAL mode.
///
/// Readers never wait for the writer; each write method is one transaction. The schema holds the invariants
/// (unique usernames, foreign keys, a dream's details present exactly for a dream), so no caller can break them.
public struct SQLiteStorage: Sendable {
    let pool: DatabasePool

    /// Opens (creating if needed) the database file at `path` and brings its schema up to date.
    public init(path: String) throws {
        var configuration = Configuration()
        configuration.foreignKeysEnabled = true
        // Several server processes may share the file; wait for a busy writer instead of failing at once.
        configuration.busyMode = .timeout(10)
        pool = try DatabasePool(path: path, configuration: configuration)
        // GRDB opens WAL pools with synchronous = NORMAL; FULL makes every committed write survive a power cut.
        try pool.barrierWriteWithoutTransaction { db in
            try db.execute(sql: "PRAGMA synchronous = FULL")
        }
        try Self.migrator.migrate(pool)
    }

    /// Closes every connection to the file, checkpointing the write-ahead log into it; the storage cannot be used after.
    public func close() throws {
        try pool.close()
    }

    /// The writer connection's `synchronous` setting (2 is FULL), for checks.
    public func synchronousSetting() async throws -> Int {
        try await pool.writeWithoutTransaction { db in
            try Int.fetchOne(db, sql: "PRAGMA synchronous") ?? -1
        }
    }
}

extension SQLiteStorage: HealthCheck {
    /// Runs a trivial query.
    public func checkHealth() async throws {
        _ = try await pool.read { db in try Int.fetchOne(db, sql: "SELECT 1") }
    }
}
