import GRDB
import QwinkleKit

extension OfflineStore {
    /// The schema's migrations. A migration is never edited once shipped: a change is a new migration, which also
    /// raises the version in `offline_format` (and `formatVersion`) when older Qwinkles could not read the result.
    ///
    /// Times are whole milliseconds since 1970 (UTC) in INTEGER columns; values are Qwinkle JSON in TEXT columns.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: format, cached timelines, outbox") { db in
            try db.execute(sql: """
                CREATE TABLE offline_format (
                    singleton INTEGER PRIMARY KEY CHECK (singleton = 1),
                    name TEXT NOT NULL,
                    version INTEGER NOT NULL
                );
                INSERT INTO offline_format (singleton, name, version) VALUES (1, 'qwinkle.offline', 1);
                CREATE TABLE cached_timelines (
                    server TEXT NOT NULL,
                    account TEXT NOT NULL,
                    timeline TEXT NOT NULL,
                    entries TEXT NOT NULL,
                    fetched_at INTEGER NOT NULL,
                    PRIMARY KEY (server, account, timeline)
                );
                CREATE TABLE outbox (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    server TEXT NOT NULL,
                    account TEXT NOT NULL CHECK (account <> ''),
                    idempotency_key TEXT NOT NULL UNIQUE CHECK (idempotency_key <> ''),
                    content TEXT NOT NULL,
                    queued_at INTEGER NOT NULL,
                    state TEXT NOT NULL CHECK (state IN ('pending', 'sent', 'failed')),
                    finished_at INTEGER,
                    entry_id TEXT,
                    failure_status INTEGER,
                    failure_code TEXT,
                    failure_message TEXT,
                    CHECK ((state = 'pending') = (finished_at IS NULL)),
                    CHECK ((state = 'sent') = (entry_id IS NOT NULL)),
                    CHECK ((state = 'failed') = (failure_status IS NOT NULL AND failure_code IS NOT NULL AND failure_message IS NOT NULL))
                );
                CREATE INDEX outbox_by_queue ON outbox(server, account, state, id);
                """)
        }
        // Older Qwinkles ignore the new columns and would send a queued reply as an entry of its own, so the
        // version goes up; the rows already queued read as entries of their own (no parent, not wider).
        migrator.registerMigration("v2: replies in the outbox") { db in
            try db.execute(sql: """
                ALTER TABLE outbox ADD COLUMN in_reply_to TEXT;
                ALTER TABLE outbox ADD COLUMN wider_visibility INTEGER NOT NULL DEFAULT 0 CHECK (wider_visibility IN (0, 1));
                UPDATE offline_format SET version = 2;
                """)
        }
        return migrator
    }

    /// Refuses a file this Qwinkle must not migrate: one from a newer Qwinkle, or another application's database.
    /// A new, empty file passes.
    static func checkFormat(_ db: Database) throws {
        guard try db.tableExists("offline_format") else {
            let tables = try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master WHERE type = 'table'") ?? 0
            if tables > 0 { throw FormatError.wrongFormat(expected: formatName, found: "different SQLite database") }
            return
        }
        guard let row = try Row.fetchOne(db, sql: "SELECT name, version FROM offline_format") else {
            throw FormatError.invalidValue("the format table is empty")
        }
        let name: String = try row.decode(forColumn: "name")
        let version: Int = try row.decode(forColumn: "version")
        guard name == formatName else { throw FormatError.wrongFormat(expected: formatName, found: name) }
        guard version <= formatVersion else {
            throw FormatError.unsupportedVersion(format: formatName, found: version, readable: 1...formatVersion)
        }
    }
}
