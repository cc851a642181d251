import Foundation
import GRDB
import QwinkleKit
import QwinkleStorage
import QwinkleStorageSQL
import QwinkleStorageSQLite
import Testing

/// The bulk path that seeds benchmark databases writes what the normal writes write, so figures taken on a seeded
/// file hold for a real one.
@Suite("SQLite bulk load")
struct SQLiteBulkLoadTests {
    /// The tables both paths write, each with the order to compare its rows in.
    private static let tables = [
        "accounts": "id", "tokens": "token_hash", "follows": "id", "journal_readers": "owner_id, reader_id", "photos": "id",
        "entries": "id", "entry_photos": "entry_id, position", "entry_revisions": "entry_id, revision",
    ]

    @Test("Bulk-loaded rows equal the normal writes' rows, column for column, first revisions' JSON included")
    func sameRowsAsNormalWrites() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let normalPath = directory.file("normal.sqlite")
        let bulkPath = directory.file("bulk.sqlite")
        let normal = try SQLiteStorage(path: normalPath)
        let bulk = try SQLiteStorage(path: bulkPath)
        #expect(try bulk.isEmpty())

        let abe = NewAccount(username: "Abe", email: "abe@example.com", passwordHash: StorageFixtures.passwordHash(of: "abe"), createdAt: StorageFixtures.time(0))
        let mary = NewAccount(username: "mary", email: "mary@example.com", passwordHash: StorageFixtures.passwordHash(of: "mary"), createdAt: StorageFixtures.time(1))
        let abeID = try await normal.createAccount(abe).id
        let maryID = try await normal.createAccount(mary).id
        try await normal.follow(maryID, abeID, at: StorageFixtures.time(2))
        try await normal.addJournalReader(owner: abeID, reader: maryID, at: StorageFixtures.time(3))
        let token = StorageFixtures.uniqueSHA256()
        try await normal.storeToken(hash: token, for: abeID, createdAt: StorageFixtures.time(4), client: "")
        let photo = NewPhoto(uploader: abeID, sha256: StorageFixtures.uniqueSHA256(), contentType: "image/png", byteSize: 68, createdAt: StorageFixtures.time(5))
        let photoID = try await normal.createPhoto(photo).photo.id
        // The last time is not a whole millisecond: the revision must hold it as the database keeps it.
        let entries = [
            StorageFixtures.newEntry(by: abeID, .public, body: "With a photo", photos: [AttachedPhoto(id: photoID, alt: "A square")], at: StorageFixtures.time(6)),
            StorageFixtures.newEntry(by: abeID, .followers, kind: .dream(try StorageFixtures.dream()), body: "Pink rain", at: StorageFixtures.time(7)),
            StorageFixtures.newEntry(by: maryID, .private, kind: .journal, body: "Dear diary", at: StorageFixtures.time(8).addingTimeInterval(0.000_6)),
        ]
        var normalEntries: [Entry] = []
        for entry in entries { normalEntries.append(try await normal.createEntry(entry, idempotencyKey: nil).entry) }

        let bulkEntries = try bulk.bulkLoad { load in
            let bulkAbe = try load.insertAccount(abe)
            let bulkMary = try load.insertAccount(mary)
            try load.insertFollow(bulkMary, bulkAbe, at: StorageFixtures.time(2))
            try load.insertJournalReader(owner: bulkAbe, reader: bulkMary, at: StorageFixtures.time(3))
            try load.insertToken(hash: token, for: bulkAbe, createdAt: StorageFixtures.time(4))
            #expect(try load.insertPhoto(photo) == photoID)
            return try entries.map { try load.insertEntry($0) }
        }
        #expect(bulkEntries == normalEntries)
        #expect(try !bulk.isEmpty())
        try normal.close()
        try bulk.close()

        let normalFile = try DatabaseQueue(path: normalPath)
        let bulkFile = try DatabaseQueue(path: bulkPath)
        defer {
            try? normalFile.close()
            try? bulkFile.close()
        }
        for (table, order) in Self.tables {
            let sql = "SELECT * FROM \(table) ORDER BY \(order)"
            let normalRows = try normalFile.read { db in try Row.fetchAll(db, sql: sql) }
            let bulkRows = try bulkFile.read { db in try Row.fetchAll(db, sql: sql) }
            #expect(!normalRows.isEmpty, "\(table)")
            #expect(bulkRows == normalRows, "\(table)")
        }
    }
}
