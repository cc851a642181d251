import Foundation
import GRDB
import QwinkleClient
import QwinkleKit
import Testing

/// The offline database's file: its format and version are checked before anything in it is touched.
@Suite struct OfflineStoreTests {
    @Test func aNewDatabaseRecordsItsFormatAndOpensAgain() throws {
        let bed = try OfflineTestBed()
        _ = try bed.openStore()
        let (name, version) = try DatabaseQueue(path: bed.storePath).read { db in
            (try String.fetchOne(db, sql: "SELECT name FROM offline_format"), try Int.fetchOne(db, sql: "SELECT version FROM offline_format"))
        }
        #expect(name == "qwinkle.offline")
        #expect(version == OfflineStore.formatVersion)
        _ = try bed.openStore()
    }

    @Test func anOutboxQueuedByTheFirstFormatIsReadAfterTheUpgradeAsEntriesOfTheirOwn() async throws {
        let bed = try OfflineTestBed()
        let address = try #require(ServerAddress("http://127.0.0.1:9"))
        // A file as format 1 left it: its migration recorded, one entry pending, no reply columns yet.
        try await DatabaseQueue(path: bed.storePath).write { db in
            try db.execute(sql: """
                CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
                INSERT INTO grdb_migrations VALUES ('v1: format, cached timelines, outbox');
                CREATE TABLE offline_format (singleton INTEGER PRIMARY KEY, name TEXT NOT NULL, version INTEGER NOT NULL);
                INSERT INTO offline_format VALUES (1, 'qwinkle.offline', 1);
                CREATE TABLE cached_timelines (server TEXT, account TEXT, timeline TEXT, entries TEXT, fetched_at INTEGER);
                CREATE TABLE outbox (
                    id INTEGER PRIMARY KEY AUTOINCREMENT, server TEXT NOT NULL, account TEXT NOT NULL,
                    idempotency_key TEXT NOT NULL UNIQUE, content TEXT NOT NULL, queued_at INTEGER NOT NULL, state TEXT NOT NULL,
                    finished_at INTEGER, entry_id TEXT, failure_status INTEGER, failure_code TEXT, failure_message TEXT
                );
                """)
            try db.execute(
                sql: "INSERT INTO outbox (server, account, idempotency_key, content, queued_at, state) VALUES (?, 'abe', 'key-1', ?, 0, 'pending')",
                arguments: [address.description, String(decoding: try QwinkleJSON.encode(OfflineTestBed.update("Queued long ago.")), as: UTF8.self)]
            )
        }
        let outbox = Outbox(store: try bed.openStore(), server: address, username: "abe")
        let pending = try await outbox.pending()
        #expect(pending.map(\.content.body) == ["Queued long ago."])
        #expect(pending.first?.replyingTo == nil)
        #expect(pending.first?.wider == false)
        let reply = try await outbox.enqueue(OfflineTestBed.update("An answer."), replyingTo: Entry.ID(rawValue: "7"), wider: true)
        let again = try await outbox.pending()
        #expect(again.last == reply)
        #expect(again.last?.replyingTo == Entry.ID(rawValue: "7") && again.last?.wider == true)
        let version = try await DatabaseQueue(path: bed.storePath).read { db in try Int.fetchOne(db, sql: "SELECT version FROM offline_format") }
        #expect(version == OfflineStore.formatVersion)
    }

    @Test func aDatabaseFromANewerQwinkleIsRefusedUnchanged() throws {
        let bed = try OfflineTestBed()
        _ = try bed.openStore()
        try DatabaseQueue(path: bed.storePath).write { db in
            try db.execute(sql: "UPDATE offline_format SET version = ?", arguments: [OfflineStore.formatVersion + 1])
            try db.execute(sql: "CREATE TABLE from_the_future (id INTEGER PRIMARY KEY)")
        }

        let error = #expect(throws: OfflineError.self) { try bed.openStore() }
        #expect(error == .unreadable(
            path: bed.storePath,
            .unsupportedVersion(format: "qwinkle.offline", found: OfflineStore.formatVersion + 1, readable: 1...OfflineStore.formatVersion)
        ))
        #expect(error?.description.contains("written by a newer Qwinkle") == true)
        let version = try DatabaseQueue(path: bed.storePath).read { db in try Int.fetchOne(db, sql: "SELECT version FROM offline_format") }
        #expect(version == OfflineStore.formatVersion + 1)
    }

    @Test func anotherApplicationsDatabaseIsRefusedUnchanged() throws {
        let bed = try OfflineTestBed()
        try DatabaseQueue(path: bed.storePath).write { db in
            try db.execute(sql: "CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT)")
        }

        let error = #expect(throws: OfflineError.self) { try bed.openStore() }
        #expect(error == .unreadable(path: bed.storePath, .wrongFormat(expected: "qwinkle.offline", found: "different SQLite database")))
        let tables = try DatabaseQueue(path: bed.storePath).read { db in
            try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
        }
        #expect(tables == ["notes"])
    }

    @Test func aFileThatIsNotADatabaseIsRefusedUnchanged() throws {
        let bed = try OfflineTestBed()
        let text = Data(String(repeating: "not a database\n", count: 100).utf8)
        try text.write(to: URL(fileURLWithPath: bed.storePath))

        let error = #expect(throws: OfflineError.self) { try bed.openStore() }
        #expect(error == .unreadable(path: bed.storePath, .wrongFormat(expected: "qwinkle.offline", found: "non-SQLite")))
        #expect(try Data(contentsOf: URL(fileURLWithPath: bed.storePath)) == text)
    }
}
