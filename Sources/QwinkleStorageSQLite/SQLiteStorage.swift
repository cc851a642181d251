import Foundation
import GRDB
import QwinkleStorage
import QwinkleStorageSQL

/// Qwinkle's default storage: SQLite through GRDB, either one file (a `DatabasePool` in WAL mode) or a database in
/// memory (a `DatabaseQueue`, for tests and trials).
///
/// On a file, readers never wait for the writer. Each write method is all or nothing; writes made at the same time
/// share a transaction (`GroupCommit`), so they share its fsync. The schema holds the
/// invariants (unique usernames, foreign keys, a dream's details present exactly for a dream), so no caller can
/// break them.
public struct SQLiteStorage: Sendable {
    /// The pool or queue every read goes through.
    let writer: any DatabaseWriter
    /// Every write goes through here, sharing its transaction with the writes made at the same time.
    let commits: GroupCommit

    /// Opens (creating if needed) the database file at `path` and brings its schema up to date.
    public init(path: String) throws {
        var configuration = Self.configuration
        // Several server processes may share the file; wait for a busy writer instead of failing at once.
        configuration.busyMode = .timeout(10)
        let pool = try DatabasePool(path: path, configuration: configuration)
        // GRDB opens WAL pools with synchronous = NORMAL; FULL makes every committed write survive a power cut.
        try pool.barrierWriteWithoutTransaction { db in
            try db.execute(cached: "PRAGMA synchronous = FULL")
        }
        try self.init(writer: pool)
    }

    /// A new, empty database in memory with the current schema; it is gone when the storage is.
    public static func inMemory() throws -> SQLiteStorage {
        try SQLiteStorage(writer: DatabaseQueue(configuration: configuration))
    }

    /// Brings the schema of a database opened with `configuration` up to date.
    private init(writer: any DatabaseWriter) throws {
        try Self.migrator.migrate(writer)
        self.writer = writer
        commits = GroupCommit(writer: writer)
    }

    /// What every connection needs, on a file or in memory.
    private static var configuration: Configuration {
        var configuration = Configuration()
        // The schema's references and cascades hold the invariants only while SQLite enforces them.
        configuration.foreignKeysEnabled = true
        // 16 MiB of pages per connection (SQLite's default is 2 MiB) keeps the indexes a home page walks in memory:
        // at a million entries that halved the time of a home timeline's merge. A pool has a writer and at most
        // five readers, so this bounds the caches at about 100 MiB.
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA cache_size = -16384")
        }
        return configuration
    }

    /// Closes every connection to the database (on a file, checkpointing the write-ahead log into it); the storage
    /// cannot be used after.
    public func close() throws {
        try writer.close()
    }

    /// The writer connection's `synchronous` setting (2 is FULL), for checks.
    public func synchronousSetting() async throws -> Int {
        try await writer.writeWithoutTransaction { db in
            try Int.fetchOne(db, cached: "PRAGMA synchronous") ?? -1
        }
    }
}

extension SQLiteStorage: HealthCheck {
    /// Runs a trivial query.
    public func checkHealth() async throws {
        _ = try reading { db in try Int.fetchOne(db, cached: "SELECT 1") }
    }
}
