import Foundation
import QwinkleKit
import QwinkleStorage

extension PhotoStore where Self: SQLDatabase {
    /// Inserts the photo's record and reads it back, so the caller gets exactly what later reads give.
    public func createPhoto(_ photo: NewPhoto) async throws -> StoredPhoto {
        try await write { connection in
            guard let id = try await connection.value(Statements.insertPhoto(photo), as: Int64.self),
                let stored = try await connection.first("SELECT \(raw: Columns.photo) FROM photos WHERE id = \(id)", { try $0.storedPhoto() })
            else { throw CorruptRow(description: "an insert of a photo returned nothing") }
            return stored
        }
    }

    /// Reads the photo's record.
    public func photo(id: Photo.ID) async throws -> StoredPhoto? {
        try await readStatement { connection in
            try await connection.first("SELECT \(raw: Columns.photo) FROM photos WHERE id = \(id.key)") { try $0.storedPhoto() }
        }
    }

    /// Collects the entries outside the trash, conversations and avatars that show the photo.
    public func photoUses(id: Photo.ID) async throws -> PhotoUses {
        try await read { connection in
            let entries = try await connection.rows(
                """
                SELECT entries.author_id, entries.visibility, entries.reply_journal, entries.reply_to_author, entries.unlisted
                FROM entry_photos JOIN entries ON entries.id = entry_photos.entry_id
                WHERE entry_photos.photo_id = \(id.key) AND \(raw: EntryPlace.outsideTrash.condition(on: "entries.id"))
                """
            ) { row -> EntryAudience? in
                guard let visibility = try? Visibility(storedName: try row[1], unlisted: try row[4] as Int64 == 1) else { return nil }
                let journal: Int64? = try row[2]
                let parentAuthor: Int64? = try row[3]
                return EntryAudience(
                    author: Account.ID(integer: try row[0]), visibility: visibility, journal: journal.map(Account.ID.init(integer:)),
                    parentAuthor: parentAuthor.map(Account.ID.init(integer:))
                )
            }.compactMap { $0 }
            var conversations: [Int64: Set<Account.ID>] = [:]
            try await connection.forEach(
                """
                SELECT conversation_id, account_id FROM conversation_participants WHERE conversation_id IN (
                    SELECT messages.conversation_id FROM message_photos JOIN messages ON messages.id = message_photos.message_id
                    WHERE message_photos.photo_id = \(id.key))
                """
            ) { row in conversations[try row[0], default: []].insert(Account.ID(integer: try row[1])) }
            let isAvatar = try await connection.returnsRow("SELECT 1 FROM accounts WHERE avatar_photo_id = \(id.key) LIMIT 1")
            return PhotoUses(entries: entries, conversations: Array(conversations.values), isAvatar: isAvatar)
        }
    }

    /// Looks for any photo record with these bytes.
    public func hasPhoto(sha256: String) async throws -> Bool {
        try await readStatement { connection in try await connection.returnsRow("SELECT 1 FROM photos WHERE sha256 = \(sha256) LIMIT 1") }
    }

    /// Takes a trashed entry's photos of people elsewhere out of it, and removes the records nothing else shows (no
    /// entry, scheduled entry, message or avatar), in one transaction.
    public func removeFetchedPhotos(of entry: Entry.ID) async throws -> Set<String> {
        try await write { connection in
            let fetched = try await connection.rows(
                """
                SELECT entry_photos.photo_id FROM entry_photos JOIN photos ON photos.id = entry_photos.photo_id
                JOIN remote_accounts ON remote_accounts.account_id = photos.uploader_id
                WHERE entry_photos.entry_id = \(entry.key) AND EXISTS (SELECT 1 FROM trashed_entries WHERE entry_id = \(entry.key))
                """
            ) { row -> Int64 in try row[0] }
            var removed: Set<String> = []
            for photo in fetched {
                try await connection.execute("DELETE FROM entry_photos WHERE entry_id = \(entry.key) AND photo_id = \(photo)")
                let sha256 = try await connection.value(
                    """
                    DELETE FROM photos WHERE id = \(photo)
                    AND NOT EXISTS (SELECT 1 FROM entry_photos WHERE photo_id = \(photo))
                    AND NOT EXISTS (SELECT 1 FROM scheduled_entry_photos WHERE photo_id = \(photo))
                    AND NOT EXISTS (SELECT 1 FROM message_photos WHERE photo_id = \(photo))
                    AND NOT EXISTS (SELECT 1 FROM accounts WHERE avatar_photo_id = \(photo))
                    RETURNING sha256
                    """,
                    as: String.self
                )
                if let sha256 { removed.insert(sha256) }
            }
            return removed
        }
    }

    /// Marks the oldest kept copies of fetched pictures evicted, once they weigh more than `maxBytes`, until they
    /// weigh nine tenths of it (so that it happens now and then, not at every picture), in one transaction; gives the
    /// hashes of those no kept copy or upload still names.
    public func evictFetchedPhotos(beyond maxBytes: Int) async throws -> Set<String> {
        try await write { connection in
            let kept = "source_url IS NOT NULL AND evicted = 0"
            var total = try await connection.value("SELECT COALESCE(SUM(byte_size), 0) FROM photos WHERE \(raw: kept)", as: Int64.self) ?? 0
            guard total > maxBytes else { return [] }
            let target = Int64(maxBytes) / 10 * 9
            var evicted: [(id: Int64, sha256: String)] = []
            try await connection.forEach("SELECT id, sha256, byte_size FROM photos WHERE \(raw: kept) ORDER BY id") { row in
                guard total > target else { return }
                evicted.append((try row[0], try row[1]))
                total -= try row[2] as Int64
            }
            var unnamed: Set<String> = []
            for photo in evicted {
                try await connection.execute("UPDATE photos SET evicted = 1 WHERE id = \(photo.id)")
                let named = try await connection.returnsRow(
                    "SELECT 1 FROM photos WHERE sha256 = \(photo.sha256) AND (source_url IS NULL OR evicted = 0) LIMIT 1"
                )
                if !named { unnamed.insert(photo.sha256) }
            }
            return unnamed
        }
    }

    /// Clears a fetched photo's eviction.
    public func keepFetchedPhotoAgain(_ id: Photo.ID) async throws {
        try await write { connection in try await connection.execute("UPDATE photos SET evicted = 0 WHERE id = \(id.key)") }
    }

    /// Changes the photo's description.
    public func describePhoto(_ id: Photo.ID, as description: String) async throws {
        let changed = try await write { connection in
            try await connection.returnsRow("UPDATE photos SET description = \(description) WHERE id = \(id.key) RETURNING 1")
        }
        guard changed else { throw StorageError.notFound("Photo \(id)") }
    }
}

extension Columns {
    /// A photo's columns, as `SQLRow.storedPhoto()` reads them.
    public static let photo = "id, content_type, byte_size, sha256, uploader_id, created_at, description, source_url, width, height"
}

extension SQLRow {
    /// The photo's record of a row that selects `Columns.photo`.
    fileprivate func storedPhoto() throws -> StoredPhoto {
        StoredPhoto(
            photo: Photo(
                id: Photo.ID(integer: try self[0]), contentType: try self[1], byteSize: try self[2], sha256: try self[3],
                size: PhotoSize.stored(width: try self[8], height: try self[9])
            ),
            uploader: Account.ID(integer: try self[4]), createdAt: try self[5], description: try self[6], source: try self[7]
        )
    }
}

extension Statements {
    /// Inserts a photo's record, returning its ID.
    public static func insertPhoto(_ photo: NewPhoto) -> SQL {
        """
        INSERT INTO photos (uploader_id, sha256, content_type, byte_size, created_at, source_url, width, height)
        VALUES (
            \(photo.uploader.key), \(photo.sha256), \(photo.contentType), \(photo.byteSize), \(photo.createdAt), \(photo.source),
            \(photo.size?.width), \(photo.size?.height)
        )
        RETURNING id
        """
    }
}

extension PhotoSize {
    /// The size kept in a photo's `width` and `height` columns; `nil` when they are empty.
    package static func stored(width: Int?, height: Int?) -> PhotoSize? {
        guard let width, let height, width > 0, height > 0 else { return nil }
        return PhotoSize(width: width, height: height)
    }
}
