import Foundation
import GRDB
import QwinkleKit
import QwinkleStorage
import QwinkleStorageSQL
import QwinkleStorageSQLite
import Testing

/// What only the SQLite backend promises: a file that opens again as it was left, and a schema that holds the
/// invariants, on a file and in memory alike.
///
/// Two server processes on one file, and commits synced to disk, are checked with real `qwinkle serve` processes
/// in the server tests (`ServeProcessTests`).
@Suite("SQLite storage")
struct SQLiteStorageTests {
    @Test("Closed and opened again, the file has everything, and the migrations do not run again over it")
    func reopen() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("qwinkle.sqlite")
        let first = try SQLiteStorage(path: path)
        let abe = try await first.createAccount(named: "abe")
        let entry = try await first.post(by: abe.id, .journal, body: "Kept")
        try first.close()
        // Closing the last connection checkpoints the log into the file and removes it: what is left is the file alone.
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
        await #expect(throws: (any Error).self, "a closed storage is not used") { try await first.account(username: "abe") }

        let again = try SQLiteStorage(path: path)
        #expect(try await again.account(username: "abe") == abe)
        #expect(try await again.entry(id: entry.id) == entry)
        #expect(try await again.synchronousSetting() == 2)
        let mary = try await again.createAccount(named: "mary")
        #expect(mary.id != abe.id)
        #expect(try await again.account(id: mary.id) == mary)
    }

    @Test("A file from before sessions had IDs opens with its tokens still valid and its messages still from their senders")
    func upgradeToListedSessions() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("qwinkle.sqlite")
        let old = try DatabaseQueue(path: path)
        try SQLiteStorage.migrator.migrate(old, upTo: "v3: entries by author and visibility")
        try await old.write { db in
            try db.execute(sql: """
                INSERT INTO accounts (id, username, email, password_hash, created_at) VALUES
                    (1, 'abe', 'abe@example.com', 'x', '2026-01-01 00:00:00.000'), (2, 'mary', 'mary@example.com', 'x', '2026-01-01 00:00:00.000');
                INSERT INTO tokens (token_hash, account_id, created_at) VALUES ('abe-hash', 1, '2026-01-02 00:00:00.000');
                INSERT INTO conversations (id, participants_key, created_at, last_message_at) VALUES
                    (7, '1,2', '2026-01-03 00:00:00.000', '2026-01-03 00:00:00.000');
                INSERT INTO conversation_participants (conversation_id, account_id) VALUES (7, 1), (7, 2);
                INSERT INTO messages (id, conversation_id, sender_id, body, created_at) VALUES (40, 7, 1, 'Hi Mary', '2026-01-03 00:00:00.000');
                """)
        }
        try old.close()

        let storage = try SQLiteStorage(path: path)
        let found = try #require(try await storage.account(tokenHash: "abe-hash"))
        #expect(found.account.username == "abe")
        #expect(found.lastUsedAt == (try await storage.sessions(of: found.account.id, currentTokenHash: "abe-hash")).first?.createdAt)
        let messages = try await storage.messages(in: Conversation.ID(integer: 7), page: PageRequest(limit: 10)).map(\.item)
        #expect(messages.map(\.id) == [Message.ID(integer: 40)])
        #expect(messages.map(\.sender) == [found.account.id])
        // The copied tables keep their sequences: new rows take new IDs.
        let (_, next) = try await storage.send("Hi again", from: found.account.id, to: [Account.ID(integer: 2)])
        #expect((next.id.integerValue ?? 0) > 40)
        try storage.close()
    }

    @Test("A purge leaves nothing of the purged entry in the file: its photos' attachments, revisions, marks and key go too")
    func purgeLeavesNoRows() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("qwinkle.sqlite")
        let storage = try SQLiteStorage(path: path)
        let abe = try await storage.createAccount(named: "abe")
        let photo = try await storage.uploadPhoto(by: abe.id)
        var entries: [Entry] = []
        for number in 0..<2 {
            let key = IdempotencyKey(key: "key-\(number)", since: StorageFixtures.time(0))
            let posted = try await storage.createEntry(
                StorageFixtures.newEntry(by: abe.id, photos: [AttachedPhoto(id: photo.id)], at: StorageFixtures.time(1)), idempotencyKey: key
            ).entry
            let entry = try await storage.edited(posted)
            try await storage.mark(entry.id, by: abe.id, at: StorageFixtures.time(2))
            entries.append(entry)
        }
        let (purged, kept) = (entries[0], entries[1])
        #expect(try await storage.deleteEntry(id: purged.id, at: StorageFixtures.time(10)))
        #expect(try await storage.deleteEntry(id: kept.id, at: StorageFixtures.time(20)))
        #expect(try await storage.purgeTrash(deletedBefore: StorageFixtures.time(20)) == 1)
        try storage.close()

        let tables = [
            "entries": "id", "trashed_entries": "entry_id", "entry_photos": "entry_id", "entry_revisions": "entry_id",
            "marks": "entry_id", "idempotency_keys": "entry_id",
        ]
        let database = try DatabaseQueue(path: path)
        defer { try? database.close() }
        for (table, column) in tables {
            let rows = try await database.read { db in
                try [purged, kept].map { entry in
                    try Int.fetchOne(db, sql: "SELECT count(*) FROM \(table) WHERE \(column) = ?", arguments: [entry.id.integerValue]) ?? 0
                }
            }
            #expect(rows[0] == 0, "\(table)")
            #expect(rows[1] > 0, "\(table) still has the entry that was deleted later")
        }
    }

    @Test("On a file and in memory, foreign keys hold: an entry with a photo that was never uploaded is refused whole", arguments: [Backend.sqliteFile, .sqliteInMemory])
    func foreignKeys(backend: Backend) async throws {
        try await backend.withStorage { storage in
            let abe = try await storage.createAccount(named: "abe")
            let photo = try await storage.uploadPhoto(by: abe.id)

            await #expect(throws: (any Error).self) {
                try await storage.post(by: abe.id, photos: [AttachedPhoto(id: photo.id), AttachedPhoto(id: StorageFixtures.unknownID())])
            }
            #expect(try await storage.ids(in: .author(abe.id, viewer: abe.id)).isEmpty)
            #expect(try await storage.photoUses(id: photo.id) == PhotoUses())
        }
    }

    @Test("One activity queued for many inboxes is written once, and leaves the file with its last delivery")
    func activityKeptOnce() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("qwinkle.sqlite")
        let storage = try SQLiteStorage(path: path)
        let abe = try await storage.createAccount(named: "abe")
        let now = StorageFixtures.time(0)
        let activity = #"{"type":"Create","object":"\#(String(repeating: "words ", count: 200))"}"#
        try await storage.enqueueDeliveries((0..<500).map { NewDelivery(inbox: "https://f\($0).example/inbox", signer: abe.id, activity: activity) }, at: now)
        let taken = try await storage.takeDueDeliveries(limit: 1_000, at: now, heldUntil: now.addingTimeInterval(60))
        #expect(taken.count == 500 && taken.allSatisfy { $0.delivery.activity == activity })
        for delivery in taken.dropLast() { try await storage.finishDelivery(id: delivery.id) }
        try storage.close()

        let database = try DatabaseQueue(path: path)
        let (copies, bytes) = try await database.read { db in
            (try Int.fetchOne(db, sql: "SELECT count(*) FROM delivery_activities") ?? 0, try Int.fetchOne(db, sql: "SELECT sum(length(activity)) FROM delivery_activities") ?? 0)
        }
        #expect(copies == 1 && bytes == activity.utf8.count, "one copy while a delivery still needs it")
        try database.close()

        let reopened = try SQLiteStorage(path: path)
        try await reopened.finishDelivery(id: try #require(taken.last).id)
        try reopened.close()
        let emptied = try DatabaseQueue(path: path)
        defer { try? emptied.close() }
        #expect(try await emptied.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM delivery_activities") } == 0)
    }
}
