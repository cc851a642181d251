import GRDB

extension SQLiteStorage {
    /// Runs `body` in one write transaction that bulk-loads rows; the transaction commits when `body` returns and
    /// rolls back if it throws. Large transactions make seeding fast: one commit and one fsync per batch.
    public func bulkLoad<T>(_ body: (SQLiteBulkLoad) throws -> T) throws -> T {
        try writer.write { db in try body(SQLiteBulkLoad(db: db)) }
    }

    /// Whether the database holds no account and no entry, so seeding it cannot collide with real data.
    public func isEmpty() throws -> Bool {
        try writer.read { db in
            try Int.fetchOne(db, sql: "SELECT (SELECT count(*) FROM accounts) + (SELECT count(*) FROM entries)") == 0
        }
    }

    /// Copies the write-ahead log into the database file and empties it, so a freshly seeded file is whole on its
    /// own and the first server to open it does not pay for the checkpoint.
    public func checkpoint() throws {
        try writer.writeWithoutTransaction { db in _ = try db.checkpoint(.truncate) }
    }
}
