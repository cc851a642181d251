import Foundation
import QwinkleKit
import QwinkleStorage

extension Columns {
    /// An entry's columns, as `SQLRow.entry(photos:)` reads them; its photos are read apart (`SQLConnection.photos`).
    public static let entry = EntryColumn.selected(from: "entries")
    /// How many columns `entry` selects: what a query adds (a list's cursor) comes after them.
    public static let entryCount = EntryColumn.allCases.count
}

extension SQLRow {
    /// The entry of a row that selects `Columns.entry` first, with its photos read apart.
    public func entry(photos: [AttachedPhoto]) throws -> Entry {
        Entry(
            id: Entry.ID(integer: try self[EntryColumn.id.rawValue]),
            author: Account.ID(integer: try self[EntryColumn.author.rawValue]),
            content: try EntryContent(row: self, photos: photos),
            revision: try self[EntryColumn.revision.rawValue],
            createdAt: try self[EntryColumn.createdAt.rawValue],
            editedAt: try self[EntryColumn.editedAt.rawValue],
            importedAt: try self[EntryColumn.importedAt.rawValue],
            reply: try EntryReply(row: self),
            mentions: try Mention.stored(row: self)
        )
    }
}

extension SQLConnection {
    /// Entries matching a condition, outside the trash or in it, newest first by `cursor`, with their photos in one
    /// more statement. Every shared read of whole entries comes here, so the trash is left out in this one place.
    package func entries(
        in place: EntryPlace = .outsideTrash, join: String = "", where condition: SQL, cursor: String = "entries.id", limit: Int? = nil
    ) async throws -> [Paged<Entry>] {
        let limitClause: SQL = if let limit { "LIMIT \(limit)" } else { "" }
        return try await entries(
            """
            SELECT \(raw: Columns.entry), \(raw: cursor) FROM entries \(raw: join)
            WHERE (\(condition)) AND \(raw: place.condition(on: "entries.id")) ORDER BY \(raw: cursor) DESC \(limitClause)
            """,
            extra: { try $0[Columns.entryCount] as Int64 }
        ).map { Paged(cursor: $0.extra, item: $0.entry) }
    }

    /// The entries of `sql`, which selects `Columns.entry` first, with their photos, each with what `extra` reads
    /// of the columns the query selects after the entry's.
    package func entries<Extra>(_ sql: SQL, extra: (any SQLRow) throws -> Extra) async throws -> [(entry: Entry, extra: Extra)] {
        // Each row is decoded while its statement is on it; the photos are read after, by the entries' IDs.
        var found: [(entry: Entry, extra: Extra)] = []
        try await forEach(sql) { row in found.append((try row.entry(photos: []), try extra(row))) }
        guard !found.isEmpty else { return [] }
        let photos = try await photos(of: found.map(\.entry.id.key))
        guard !photos.isEmpty else { return found }
        for index in found.indices {
            if let attached = photos[found[index].entry.id.key] { found[index].entry.content.photos = attached }
        }
        return found
    }

    /// The entries among these IDs that are outside the trash.
    package func entries(ids: [Entry.ID]) async throws -> [Entry] {
        guard !ids.isEmpty else { return [] }
        return try await entries(where: "entries.id IN (\(list: ids.map(\.key)))").map(\.item)
    }

    /// One entry with its photos, from outside the trash or from it.
    package func entry(id: Entry.ID, in place: EntryPlace = .outsideTrash) async throws -> Entry? {
        try await entries(in: place, where: "entries.id = \(id.key)").first?.item
    }

    /// The photos of these entries, each entry's in order, in one statement.
    package func photos(of ids: [Int64]) async throws -> [Int64: [AttachedPhoto]] {
        guard !ids.isEmpty else { return [:] }
        var photos: [Int64: [AttachedPhoto]] = [:]
        try await forEach("SELECT entry_id, photo_id, alt FROM entry_photos WHERE entry_id IN (\(list: ids)) ORDER BY entry_id, position") { row in
            photos[try row[0], default: []].append(AttachedPhoto(id: Photo.ID(integer: try row[1]), alt: try row[2]))
        }
        return photos
    }

    /// Inserts a new entry, its photos and its first revision, and returns the entry as a read would give it.
    ///
    /// Nothing is read back: the time goes through the conversion a read makes (`stored`), so the entry equals what
    /// every later read gives, and a replay of its idempotency key equals it too. Reading the row back cost a tenth
    /// of a post.
    package func insertEntry(_ new: NewEntry, encoder: JSONEncoder = QwinkleJSON.makeEncoder()) async throws -> Entry {
        let content = new.content
        let createdAt = stored(new.createdAt)
        let thread = try EntryReply.storedValues(new.reply, mentions: new.mentions)
        guard let id = try await value(
            """
            INSERT INTO entries (author_id, revision, created_at, \(raw: EntryColumn.thread.map(\.name).joined(separator: ", ")), \
            \(raw: EntryColumn.contentNames))
            VALUES (\(new.author.key), 1, \(createdAt), \(values: thread), \(values: content.storedValues))
            RETURNING id
            """,
            as: Int64.self
        ) else { throw CorruptRow(description: "an insert of an entry returned no ID") }
        if let reply = new.reply {
            let parentPath = try await value("SELECT thread_path FROM entries WHERE id = \(reply.parent.key)", as: String?.self) ?? nil
            let path = ThreadPath.path(of: id, parentPath: parentPath ?? ThreadPath.segment(reply.parent.key))
            try await execute("UPDATE entries SET thread_path = \(path) WHERE id = \(id)")
        }
        try await insertPhotos(content.photos, of: id)
        try await insertTags(of: content.body, entry: id)
        let entry = Entry(
            id: Entry.ID(integer: id), author: new.author, content: content, revision: 1, createdAt: createdAt,
            reply: new.reply, mentions: new.mentions
        )
        try await insertRevision(entry, at: createdAt, encoder: encoder)
        if new.announce { try await recordOutgoingWrite(.created, of: entry.id, at: createdAt) }
        for (recipient, kind) in new.notify.sorted(by: { $0.key.key < $1.key.key }) {
            try await insertNotification(to: recipient, kind, by: new.author, entry: entry.id, at: createdAt)
        }
        return entry
    }

    /// Records the tags a text has (`EntryText`) as an entry's; an edit deletes the old ones first.
    package func insertTags(of body: String, entry: Int64) async throws {
        for tag in EntryText.tags(of: body) {
            try await execute("INSERT INTO entry_tags (tag, entry_id) VALUES (\(tag), \(entry))")
        }
    }

    /// Writes an entry's photos in their order.
    package func insertPhotos(_ photos: [AttachedPhoto], of entry: Int64) async throws {
        for (position, photo) in photos.enumerated() {
            try await execute(
                "INSERT INTO entry_photos (entry_id, position, photo_id, alt) VALUES (\(entry), \(position), \(photo.id.key), \(photo.alt))"
            )
        }
    }

    /// Keeps an entry's value whole as its revision `entry.revision`.
    package func insertRevision(_ entry: Entry, at date: Date, encoder: JSONEncoder = QwinkleJSON.makeEncoder()) async throws {
        let value = String(decoding: try encoder.encode(entry), as: UTF8.self)
        try await execute(
            "INSERT INTO entry_revisions (entry_id, revision, value, created_at) VALUES (\(entry.id.key), \(entry.revision), \(value), \(date))"
        )
    }

    /// The compare-and-set of an edit inside a transaction: the row changes only if it is still at
    /// `expectedRevision` and not in the trash (the update takes the row's lock, so of concurrent edits from one base
    /// exactly one matches), and then its photos, tags and a new revision are written with it; or nothing.
    package func applyEdit(_ entry: Entry, expectedRevision: Int) async throws -> Bool {
        let assignments = zip(EntryColumn.content, entry.content.storedValues).map { column, value -> SQL in "\(raw: column.name) = \(value)" }
        let changed = try await returnsRow(
            """
            UPDATE entries SET revision = \(entry.revision), edited_at = \(entry.editedAt),
                mentions = \(try Mention.storedValue(entry.mentions)), \(SQL.joined(assignments, separator: ", "))
            WHERE id = \(entry.id.key) AND revision = \(expectedRevision) AND \(raw: EntryPlace.outsideTrash.condition(on: "entries.id"))
            RETURNING 1
            """
        )
        guard changed else { return false }
        try await execute("DELETE FROM entry_photos WHERE entry_id = \(entry.id.key)")
        try await insertPhotos(entry.photos, of: entry.id.key)
        try await execute("DELETE FROM entry_tags WHERE entry_id = \(entry.id.key)")
        try await insertTags(of: entry.body, entry: entry.id.key)
        try await insertRevision(entry, at: entry.editedAt ?? entry.createdAt)
        return true
    }
}

extension SQLConnection {
    /// Records the tags of every entry written before tags were kept (schema 10), read from their text by the one
    /// reader of tags, `EntryText`.
    package func tagEntriesWrittenBeforeTags() async throws {
        let bodies = try await rows("SELECT id, body FROM entries WHERE body LIKE '%#%'") { (try $0[0] as Int64, try $0[1] as String) }
        for (id, body) in bodies { try await insertTags(of: body, entry: id) }
    }
}
