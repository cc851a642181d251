import Foundation
import GRDB
import QwinkleKit
import QwinkleStorage
import QwinkleStorageSQL

extension SQLiteStorage: PhotoStore {
    /// Inserts the photo's record.
    public func createPhoto(_ photo: NewPhoto) async throws -> StoredPhoto {
        try await commits.write { db in
            // Read back, so the caller gets exactly what later reads give (the time as stored).
            let id = try Self.insertPhoto(photo, in: db)
            guard let stored = try Self.fetchPhoto(db, id: id) else { throw StorageError.notFound("Photo \(id)") }
            return stored
        }
    }

    /// Reads the photo's record.
    public func photo(id: Photo.ID) async throws -> StoredPhoto? {
        try reading { db in try Self.fetchPhoto(db, id: id.key) }
    }

    /// Reads one photo's record.
    static func fetchPhoto(_ db: Database, id: Int64) throws -> StoredPhoto? {
        guard let row = try Row.fetchOne(db, cached: "SELECT * FROM photos WHERE id = ?", arguments: [id]) else { return nil }
        return StoredPhoto(
            photo: Photo(id: Photo.ID(integer: id), contentType: row["content_type"], byteSize: row["byte_size"], sha256: row["sha256"]),
            uploader: Account.ID(integer: row["uploader_id"]),
            createdAt: row["created_at"], description: row["description"]
        )
    }

    /// Collects the entries outside the trash, conversations and avatars that show the photo.
    public func photoUses(id: Photo.ID) async throws -> PhotoUses {
        try reading { db in
            let entries = try Row.fetchAll(
                db,
                cached: """
                    SELECT entries.author_id, entries.visibility, entries.reply_journal, entries.reply_to_author
                    FROM entry_photos JOIN entries ON entries.id = entry_photos.entry_id
                    WHERE entry_photos.photo_id = ? AND \(EntryPlace.outsideTrash.condition(on: "entries.id"))
                    """,
                arguments: [id.key]
            ).compactMap { row -> EntryAudience? in
                guard let visibility = Visibility(rawValue: row["visibility"]) else { return nil }
                let journal: Int64? = row["reply_journal"]
                let parentAuthor: Int64? = row["reply_to_author"]
                return EntryAudience(
                    author: Account.ID(integer: row["author_id"]), visibility: visibility, journal: journal.map(Account.ID.init(integer:)),
                    parentAuthor: parentAuthor.map(Account.ID.init(integer:))
                )
            }
            let conversationIDs = try Int64.fetchAll(
                db,
                cached: "SELECT DISTINCT messages.conversation_id FROM message_photos JOIN messages ON messages.id = message_photos.message_id WHERE message_photos.photo_id = ?",
                arguments: [id.key]
            )
            let conversations = try conversationIDs.map { try Self.participants(db, conversation: $0) }
            let isAvatar = try Bool.fetchOne(db, cached: "SELECT 1 FROM accounts WHERE avatar_photo_id = ? LIMIT 1", arguments: [id.key]) ?? false
            return PhotoUses(entries: entries, conversations: conversations, isAvatar: isAvatar)
        }
    }
}

extension SQLiteStorage {
    /// Looks for any photo record with these bytes.
    public func hasPhoto(sha256: String) async throws -> Bool {
        try reading { db in
            try Bool.fetchOne(db, cached: "SELECT 1 FROM photos WHERE sha256 = ? LIMIT 1", arguments: [sha256]) ?? false
        }
    }

    /// Changes the photo's description.
    public func describePhoto(_ id: Photo.ID, as description: String) async throws {
        try await commits.write { db in
            try db.execute(cached: "UPDATE photos SET description = ? WHERE id = ?", arguments: [description, id.key])
            guard db.changesCount == 1 else { throw StorageError.notFound("Photo \(id)") }
        }
    }

    /// Inserts a photo's record and returns its row ID.
    static func insertPhoto(_ photo: NewPhoto, in db: Database) throws -> Int64 {
        try db.execute(
            cached: "INSERT INTO photos (uploader_id, sha256, content_type, byte_size, created_at) VALUES (?, ?, ?, ?, ?)",
            arguments: [photo.uploader.key, photo.sha256, photo.contentType, photo.byteSize, photo.createdAt]
        )
        return db.lastInsertedRowID
    }
}
