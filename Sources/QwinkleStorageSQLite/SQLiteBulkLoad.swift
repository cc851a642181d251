import Foundation
import GRDB
import QwinkleKit
import QwinkleStorage
import QwinkleStorageSQL

/// Rows written in bulk inside one transaction of `SQLiteStorage.bulkLoad(_:)`, to seed large databases quickly.
///
/// Each method writes through the storage's own insert for that row, so bulk rows are the rows the write methods
/// make; only the checks and read-backs around them are left out.
public struct SQLiteBulkLoad {
    /// The connection of the transaction the rows go into.
    private let db: Database
    /// One encoder for every revision; a new one per entry costs more than the insert.
    private let encoder = QwinkleJSON.makeEncoder()

    /// Writes into the transaction open on `db`.
    init(db: Database) {
        self.db = db
    }

    /// Inserts an account as `createAccount` does, without its uniqueness check turned into `usernameTaken`.
    public func insertAccount(_ account: NewAccount) throws -> Account.ID {
        Account.ID(integer: try SQLiteStorage.shared(db) { try await $0.value(Statements.insertAccount(account), as: Int64.self) } ?? 0)
    }

    /// Stores a token's hash as `storeToken` does.
    public func insertToken(hash: String, for account: Account.ID, createdAt: Date) throws {
        try SQLiteConnection(db: db).run(Statements.insertToken(hash: hash, for: account, createdAt: createdAt, client: ""))
    }

    /// Inserts a follow unless it exists, as `follow` does.
    public func insertFollow(_ follower: Account.ID, _ followee: Account.ID, at date: Date) throws {
        try SQLiteConnection(db: db).run(Statements.insertFollow(follower, followee, at: date))
    }

    /// Grants a journal reader unless granted, as `addJournalReader` does.
    public func insertJournalReader(owner: Account.ID, reader: Account.ID, at date: Date) throws {
        try SQLiteConnection(db: db).run(Statements.insertJournalReader(owner: owner, reader: reader, at: date))
    }

    /// Inserts a photo's record as `createPhoto` does; its bytes must already be in the data folder's photos.
    public func insertPhoto(_ photo: NewPhoto) throws -> Photo.ID {
        Photo.ID(integer: try SQLiteStorage.shared(db) { try await $0.value(Statements.insertPhoto(photo), as: Int64.self) } ?? 0)
    }

    /// Inserts an entry, its photos and its first revision as `createEntry` does, and returns the entry as a read
    /// would give it.
    public func insertEntry(_ new: NewEntry) throws -> Entry {
        try SQLiteStorage.insertEntry(new, in: db, encoder: encoder)
    }
}
