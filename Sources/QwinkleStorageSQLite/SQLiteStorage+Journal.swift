import Foundation
import GRDB
import QwinkleKit
import QwinkleStorage

extension SQLiteStorage: JournalStore {
    /// Inserts the grant unless it exists.
    public func addJournalReader(owner: Account.ID, reader: Account.ID, at date: Date) async throws {
        try await commits.write { db in
            try Self.insertJournalReader(owner: owner, reader: reader, at: date, in: db)
            if db.changesCount > 0 { try Self.insertNotification(to: reader, .journalShared, by: owner, at: date, in: db) }
        }
    }

    /// Deletes the grant.
    public func removeJournalReader(owner: Account.ID, reader: Account.ID, at date: Date) async throws -> Bool {
        try await commits.write { db in
            try db.execute(cached: "DELETE FROM journal_readers WHERE owner_id = ? AND reader_id = ?", arguments: [owner.key, reader.key])
            guard db.changesCount > 0 else { return false }
            try Self.insertNotification(to: reader, .journalUnshared, by: owner, at: date, in: db)
            return true
        }
    }

    /// Lists the readers by username.
    public func journalReaders(owner: Account.ID) async throws -> [Account] {
        try reading { db in
            try Row.fetchAll(
                db,
                cached: """
                    SELECT \(Self.accountColumns) FROM journal_readers JOIN accounts ON accounts.id = journal_readers.reader_id
                    WHERE journal_readers.owner_id = ? ORDER BY accounts.username
                    """,
                arguments: [owner.key]
            ).map { try $0.account() }
        }
    }
}

extension SQLiteStorage {
    /// Inserts a journal grant unless it exists.
    static func insertJournalReader(owner: Account.ID, reader: Account.ID, at date: Date, in db: Database) throws {
        try db.execute(
            cached: "INSERT INTO journal_readers (owner_id, reader_id, created_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
            arguments: [owner.key, reader.key, date]
        )
    }
}
