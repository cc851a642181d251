import Foundation
import PostgresNIO
import QwinkleKit
import QwinkleStorage
import QwinkleStorageSQL

extension PostgresStorage: PhotoStore {
    /// Inserts the photo's record.
    public func createPhoto(_ photo: NewPhoto) async throws -> StoredPhoto {
        try await writing { connection in
            let stored = try await connection.query(
                """
                INSERT INTO photos (uploader_id, sha256, content_type, byte_size, created_at)
                VALUES (\(photo.uploader.key), \(photo.sha256), \(photo.contentType), \(photo.byteSize), \(photo.createdAt.toMilliseconds))
                RETURNING \(unescaped: Self.photoColumns)
                """,
                logger: logger
            ).first { try Self.storedPhoto($0) }
            guard let stored else { throw CorruptRow(description: "an insert of a photo returned nothing") }
            return stored
        }
    }

    /// Reads the photo's record.
    public func photo(id: Photo.ID) async throws -> StoredPhoto? {
        try await reading { connection in
            try await connection.query("SELECT \(unescaped: Self.photoColumns) FROM photos WHERE id = \(id.key)", logger: logger)
                .first { try Self.storedPhoto($0) }
        }
    }

    /// Collects the entries outside the trash, conversations and avatars that show the photo, in one query.
    public func photoUses(id: Photo.ID) async throws -> PhotoUses {
        try await reading { connection in
            let (authors, visibilities, journals, parentAuthors, participants, isAvatar) = try await connection.query(
                """
                WITH shown AS (
                    SELECT entries.author_id, entries.visibility, coalesce(entries.reply_journal, 0) AS journal,
                        coalesce(entries.reply_to_author, 0) AS parent_author
                    FROM entry_photos JOIN entries ON entries.id = entry_photos.entry_id
                    WHERE entry_photos.photo_id = \(id.key) AND \(unescaped: EntryPlace.outsideTrash.condition(on: "entries.id"))
                ),
                talks AS (
                    SELECT DISTINCT messages.conversation_id FROM message_photos JOIN messages ON messages.id = message_photos.message_id
                    WHERE message_photos.photo_id = \(id.key)
                )
                SELECT ARRAY(SELECT author_id FROM shown), ARRAY(SELECT visibility FROM shown), ARRAY(SELECT journal FROM shown),
                    ARRAY(SELECT parent_author FROM shown),
                    ARRAY(SELECT conversation_id || ':' || account_id FROM conversation_participants
                        WHERE conversation_id IN (SELECT conversation_id FROM talks)),
                    EXISTS (SELECT 1 FROM accounts WHERE avatar_photo_id = \(id.key))
                """,
                logger: logger
            ).first { try $0.decode(([Int64], [String], [Int64], [Int64], [String], Bool).self) } ?? ([], [], [], [], [], false)
            // IDs start at 1, so 0 stands for none in the arrays.
            let entries = authors.indices.compactMap { index in
                Visibility(rawValue: visibilities[index]).map {
                    EntryAudience(
                        author: Account.ID(integer: authors[index]), visibility: $0,
                        journal: journals[index] == 0 ? nil : Account.ID(integer: journals[index]),
                        parentAuthor: parentAuthors[index] == 0 ? nil : Account.ID(integer: parentAuthors[index])
                    )
                }
            }
            var conversations: [Int64: Set<Account.ID>] = [:]
            for pair in participants {
                let parts = pair.split(separator: ":")
                guard parts.count == 2, let conversation = Int64(parts[0]), let account = Int64(parts[1]) else { continue }
                conversations[conversation, default: []].insert(Account.ID(integer: account))
            }
            return PhotoUses(entries: entries, conversations: Array(conversations.values), isAvatar: isAvatar)
        }
    }

    /// Looks for any photo record with these bytes.
    public func hasPhoto(sha256: String) async throws -> Bool {
        try await reading { connection in
            try await connection.query("SELECT 1 FROM photos WHERE sha256 = \(sha256) LIMIT 1", logger: logger).first { _ in true } ?? false
        }
    }

    /// The photo columns `storedPhoto(_:)` reads.
    static let photoColumns = "id, content_type, byte_size, sha256, uploader_id, created_at, description"

    /// Changes the photo's description.
    public func describePhoto(_ id: Photo.ID, as description: String) async throws {
        let changed = try await writing { connection in
            try await connection.query(
                "UPDATE photos SET description = \(description) WHERE id = \(id.key) RETURNING 1", logger: logger
            ).first { _ in true }
        }
        guard changed != nil else { throw StorageError.notFound("Photo \(id)") }
    }

    /// A photo's record from a row selecting `photoColumns`.
    static func storedPhoto(_ row: PostgresRow) throws -> StoredPhoto {
        let (id, contentType, byteSize, sha256, uploader, createdAt, description) =
            try row.decode((Int64, String, Int, String, Int64, Date, String).self)
        return StoredPhoto(
            photo: Photo(id: Photo.ID(integer: id), contentType: contentType, byteSize: byteSize, sha256: sha256),
            uploader: Account.ID(integer: uploader), createdAt: createdAt.toMilliseconds, description: description
        )
    }
}

extension PostgresStorage: PhotoBytesStore {
    /// Keeps the bytes in the database, where every server finds them; the same bytes twice are kept once.
    public func storeBytes(_ bytes: [UInt8], sha256: String) async throws {
        try await writing { connection in
            try await connection.execute(
                "INSERT INTO photo_bytes (sha256, bytes) VALUES (\(sha256), \(ByteBuffer(bytes: bytes))) ON CONFLICT DO NOTHING", logger: logger
            )
        }
    }

    /// Reads the bytes with this hash.
    public func bytes(sha256: String) async throws -> Data? {
        try await reading { connection in
            try await connection.query("SELECT bytes FROM photo_bytes WHERE sha256 = \(sha256)", logger: logger)
                .first { Data(try $0.decode(ByteBuffer.self).readableBytesView) }
        }
    }

    /// Looks for the bytes' row.
    public func hasBytes(sha256: String) async throws -> Bool {
        try await reading { connection in
            try await connection.query("SELECT 1 FROM photo_bytes WHERE sha256 = \(sha256)", logger: logger).first { _ in true } ?? false
        }
    }

    /// Deletes the bytes with this hash, returning them.
    public func removeBytes(sha256: String) async throws -> Data? {
        try await writing { connection in
            try await connection.query("DELETE FROM photo_bytes WHERE sha256 = \(sha256) RETURNING bytes", logger: logger)
                .first { Data(try $0.decode(ByteBuffer.self).readableBytesView) }
        }
    }
}
