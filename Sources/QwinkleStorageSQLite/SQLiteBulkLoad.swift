import Foundation
import GRDB
import QwinkleKit
import QwinkleStorage

/// Rows written in bulk inside one transaction of `SQLiteStorage.bulkLoad(_:)`, to seed large databases quickly.
///
/// Each method writes the same columns as the storage's own write method of that name, through statements prepared
/// once per connection. Nothing is read back: an entry's first revision is its value as built here, with its time
/// turned into the stored text and back, so it equals what reading the entry gives.
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
        try db.cachedStatement(sql: "INSERT INTO accounts (username, email, password_hash, created_at) VALUES (?, ?, ?, ?)")
            .execute(arguments: [account.username.lowercased(), account.email, account.passwordHash, account.createdAt])
        return Account.ID(integer: db.lastInsertedRowID)
    }

    /// Stores a token's hash as `storeToken` does.
    public func insertToken(hash: String, for account: Account.ID, createdAt: Date) throws {
        try db.cachedStatement(sql: "INSERT INTO tokens (token_hash, account_id, created_at) VALUES (?, ?, ?)")
            .execute(arguments: [hash, account.key, createdAt])
    }

    /// Inserts a follow unless it exists, as `follow` does.
    public func insertFollow(_ follower: Account.ID, _ followee: Account.ID, at date: Date) throws {
        try db.cachedStatement(sql: "INSERT INTO follows (follower_id, followee_id, created_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING")
            .execute(arguments: [follower.key, followee.key, date])
    }

    /// Grants a journal reader unless granted, as `addJournalReader` does.
    public func insertJournalReader(owner: Account.ID, reader: Account.ID, at date: Date) throws {
        try db.cachedStatement(sql: "INSERT INTO journal_readers (owner_id, reader_id, created_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING")
            .execute(arguments: [owner.key, reader.key, date])
    }

    /// Inserts a photo's record as `createPhoto` does; its bytes must already be in the data folder's photos.
    public func insertPhoto(_ photo: NewPhoto) throws -> Photo.ID {
        try db.cachedStatement(sql: "INSERT INTO photos (uploader_id, sha256, content_type, byte_size, created_at) VALUES (?, ?, ?, ?, ?)")
            .execute(arguments: [photo.uploader.key, photo.sha256, photo.contentType, photo.byteSize, photo.createdAt])
        return Photo.ID(integer: db.lastInsertedRowID)
    }

    /// Inserts an entry, its photos and its first revision as `createEntry` does, and returns the entry as a read
    /// would give it.
    public func insertEntry(_ new: NewEntry) throws -> Entry {
        // The time as the database keeps it (text to the millisecond), so the revision holds what reads return.
        let storedTime = new.createdAt.databaseValue
        let createdAt = Date.fromDatabaseValue(storedTime) ?? new.createdAt
        let details = new.kind.dream
        try db.cachedStatement(
            sql: """
                INSERT INTO entries (author_id, kind, body, visibility, revision, created_at, dream_creature, dream_effects, dream_count)
                VALUES (?, ?, ?, ?, 1, ?, ?, ?, ?)
                """
        ).execute(arguments: [
            new.author.key, new.kind.name.rawValue, new.body, new.visibility.rawValue, storedTime,
            details?.creature.rawValue, details?.storedEffects, details?.numberOfCreatures.rawValue,
        ])
        let entry = Entry(
            id: Entry.ID(integer: db.lastInsertedRowID), author: new.author, kind: new.kind, body: new.body,
            photos: new.photos, visibility: new.visibility, createdAt: createdAt
        )
        for (position, photo) in new.photos.enumerated() {
            try db.cachedStatement(sql: "INSERT INTO entry_photos (entry_id, position, photo_id, alt) VALUES (?, ?, ?, ?)")
                .execute(arguments: [entry.id.key, position, photo.id.key, photo.alt])
        }
        try db.cachedStatement(sql: "INSERT INTO entry_revisions (entry_id, revision, value, created_at) VALUES (?, ?, ?, ?)")
            .execute(arguments: [entry.id.key, entry.revision, String(decoding: try encoder.encode(entry), as: UTF8.self), storedTime])
        return entry
    }
}
