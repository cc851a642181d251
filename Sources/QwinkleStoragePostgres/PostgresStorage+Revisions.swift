import Foundation
import PostgresNIO
import QwinkleKit
import QwinkleStorage
import QwinkleStorageSQL

extension PostgresStorage: RevisionStore {
    /// Compares and sets in one transaction: the entry row changes only if it is still at `expectedRevision` and not
    /// in the trash (the update takes the row's lock, so of concurrent edits from one base exactly one matches), and
    /// then its photos and a new revision row are written with it.
    public func updateEntry(_ entry: Entry, expectedRevision: Int, notify: [Account.ID: AccountNotification.Kind]) async throws -> Bool {
        try await writing { connection in
            guard try await applyEdit(entry, expectedRevision: expectedRevision, on: connection) else { return false }
            for (recipient, kind) in notify.sorted(by: { $0.key.key < $1.key.key }) {
                try await insertNotification(
                    to: recipient, kind, by: entry.author, entry: entry.id, at: (entry.editedAt ?? entry.createdAt).toMilliseconds, on: connection
                )
            }
            return true
        }
    }

    /// The compare-and-set of an edit inside a transaction: the row, its photos and the new revision, or nothing.
    func applyEdit(_ entry: Entry, expectedRevision: Int, on connection: PostgresConnection) async throws -> Bool {
        let update: SQL = """
            UPDATE entries SET revision = \(entry.revision), edited_at = \(entry.editedAt?.toMilliseconds),
                mentions = \(SQL(bound: try Mention.storedValue(entry.mentions))), \(SQL.contentAssignments(entry.content))
            WHERE id = \(entry.id.key) AND revision = \(expectedRevision)
                AND \(raw: EntryPlace.outsideTrash.condition(on: "entries.id"))
            RETURNING 1
            """
        let changed = try await connection.query(try update.query, logger: logger).first { _ in true } ?? false
        guard changed else { return false }
        try await connection.execute("DELETE FROM entry_photos WHERE entry_id = \(entry.id.key)", logger: logger)
        try await insertPhotos(entry.photos, of: entry.id.key, on: connection)
        try await connection.execute("DELETE FROM entry_tags WHERE entry_id = \(entry.id.key)", logger: logger)
        try await insertTags(of: entry.body, entry: entry.id.key, on: connection)
        try await insertRevision(entry, at: entry.editedAt ?? entry.createdAt, on: connection)
        return true
    }

    /// Reads the stored revision values of an entry outside the trash.
    public func revisions(of entry: Entry.ID) async throws -> [Entry] {
        try await reading { connection in
            try await connection.query(
                """
                SELECT value FROM entry_revisions
                WHERE entry_id = \(entry.key) AND \(unescaped: EntryPlace.outsideTrash.condition(on: "entry_revisions.entry_id"))
                ORDER BY revision
                """,
                logger: logger
            ).map { try QwinkleJSON.decode(Entry.self, from: Data(try $0.decode(String.self).utf8)).withCanonicalTimes }
        }
    }
}

extension PostgresStorage: TrashStore {
    /// Reads the entry from the trash, with when it was deleted.
    public func trashedEntry(id: Entry.ID) async throws -> TrashedEntry? {
        try await reading { connection in
            try await trashedEntries(on: connection, where: "entries.id = \(id.key)").first?.item
        }
    }

    /// Takes the entry's row out of the trash; everything that belongs to it never left.
    public func restoreDeletedEntry(id: Entry.ID) async throws -> Entry? {
        try await writing { connection in
            let restored = try await connection.query(
                "DELETE FROM trashed_entries WHERE entry_id = \(id.key) RETURNING 1", logger: logger
            ).first { _ in true } ?? false
            guard restored else { return nil }
            return try await fetchEntries(on: connection, where: "entries.id = \(id.key)").first?.item
        }
    }

    /// Reads a page of the author's trash by the deletions' sequence.
    public func trash(of author: Account.ID, page: PageRequest) async throws -> [Paged<TrashedEntry>] {
        try await reading { connection in
            try await trashedEntries(
                on: connection, where: "entries.author_id = \(author.key) \(Self.window(page, column: "trashed_entries.id"))", limit: page.limit
            )
        }
    }

    /// Deletes the entries; the schema's cascades take their trash rows, photos' attachments, revisions, marks and
    /// idempotency keys with them.
    public func purgeTrash(deletedBefore date: Date) async throws -> Int {
        try await writing { connection in
            try await connection.query(
                """
                DELETE FROM entries WHERE id IN (SELECT entry_id FROM trashed_entries WHERE deleted_at < \(date.toMilliseconds))
                RETURNING 1
                """,
                logger: logger
            ).map { _ in 1 }.count
        }
    }

    /// Entries in the trash matching a condition, most recently deleted first, each with when it was deleted.
    private func trashedEntries(on connection: PostgresConnection, where condition: SQL, limit: Int? = nil) async throws -> [Paged<TrashedEntry>] {
        let limitClause: SQL = if let limit { "LIMIT \(limit)" } else { "" }
        let query: SQL = """
            SELECT \(raw: Self.entryColumns), trashed_entries.id, trashed_entries.deleted_at
            FROM entries JOIN trashed_entries ON trashed_entries.entry_id = entries.id
            WHERE \(condition) ORDER BY trashed_entries.id DESC \(limitClause)
            """
        return try await connection.query(try query.query, logger: logger).map { row in
            let columns = PostgresRandomAccessRow(row)
            return Paged(
                cursor: try columns[Self.entryColumnCount].decode(Int64.self),
                item: TrashedEntry(
                    entry: try Entry(row: columns), deletedAt: try columns[Self.entryColumnCount + 1].decode(Date.self).toMilliseconds
                )
            )
        }
    }
}
