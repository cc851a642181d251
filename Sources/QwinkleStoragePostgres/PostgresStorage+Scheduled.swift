import Foundation
import PostgresNIO
import QwinkleKit
import QwinkleStorage
import QwinkleStorageSQL

extension PostgresStorage: ScheduledEntryStore {
    /// The columns of a waiting entry laid out as `entryColumns` (its scheduled time where an entry has its
    /// creation), so a row is read by `PostgresRow.entry()` and no second decoder of kinds and dreams can drift.
    static let scheduledColumns = """
        scheduled_entries.id, scheduled_entries.author_id, 1, scheduled_entries.scheduled_at, NULL::TIMESTAMPTZ, NULL::TIMESTAMPTZ, \
        NULL::BIGINT, NULL::BIGINT, NULL::BIGINT, NULL::BIGINT, NULL::TEXT, \
        \(EntryColumn.selected(EntryColumn.content, from: "scheduled_entries")), \
        ARRAY(SELECT photo_id FROM scheduled_entry_photos p WHERE p.scheduled_entry_id = scheduled_entries.id ORDER BY position), \
        ARRAY(SELECT alt FROM scheduled_entry_photos p WHERE p.scheduled_entry_id = scheduled_entries.id ORDER BY position)
        """

    /// Inserts the waiting entry and its photos, unless its author has `limit` waiting already. The author's row is
    /// locked first (without blocking references to it), so two servers scheduling at once count one after the other.
    public func scheduleEntry(_ new: NewScheduledEntry, limit: Int) async throws -> ScheduledEntry? {
        try await writing { connection in
            try await connection.execute("SELECT 1 FROM accounts WHERE id = \(new.author.key) FOR NO KEY UPDATE", logger: logger)
            let waiting = try await connection.query(
                "SELECT count(*) FROM scheduled_entries WHERE author_id = \(new.author.key)", logger: logger
            ).first { try $0.decode(Int.self) } ?? 0
            guard waiting < limit else { return nil }
            if let draft = new.draft { try await sql(connection).deletePostedDraft(draft, of: new.author) }
            let content = new.content
            let insert: SQL = """
                INSERT INTO scheduled_entries (author_id, scheduled_at, \(raw: EntryColumn.contentNames))
                VALUES (\(new.author.key), \(new.scheduledAt.toMilliseconds), \(SQL.contentValues(content)))
                RETURNING id
                """
            let id = try await connection.query(try insert.query, logger: logger).first { try $0.decode(Int64.self) }
            guard let id else { throw CorruptRow(description: "an insert of a scheduled entry returned no ID") }
            try await insertScheduledPhotos(content.photos, of: id, on: connection)
            return try await fetchScheduledEntries(on: connection, where: "scheduled_entries.id = \(id)").first
        }
    }

    /// Reads one waiting entry with its photos.
    public func scheduledEntry(id: ScheduledEntry.ID) async throws -> ScheduledEntry? {
        try await reading { connection in
            try await fetchScheduledEntries(on: connection, where: "scheduled_entries.id = \(id.key)").first
        }
    }

    /// Reads the author's waiting entries, soonest first.
    public func scheduledEntries(of author: Account.ID) async throws -> [ScheduledEntry] {
        try await reading { connection in
            try await fetchScheduledEntries(on: connection, where: "scheduled_entries.author_id = \(author.key)")
        }
    }

    /// Replaces the row's content, time and photos. A publication holding the row makes this wait for it, and then
    /// find the row gone.
    public func changeScheduledEntry(id: ScheduledEntry.ID, content: EntryContent, scheduledAt: Date) async throws -> ScheduledEntry? {
        try await writing { connection in
            let update: SQL = """
                UPDATE scheduled_entries SET scheduled_at = \(scheduledAt.toMilliseconds), \(SQL.contentAssignments(content))
                WHERE id = \(id.key) RETURNING 1
                """
            let changed = try await connection.query(try update.query, logger: logger).first { _ in true } ?? false
            guard changed else { return nil }
            try await connection.execute("DELETE FROM scheduled_entry_photos WHERE scheduled_entry_id = \(id.key)", logger: logger)
            try await insertScheduledPhotos(content.photos, of: id.key, on: connection)
            return try await fetchScheduledEntries(on: connection, where: "scheduled_entries.id = \(id.key)").first
        }
    }

    /// Deletes the row; its photos' rows go with it.
    public func cancelScheduledEntry(id: ScheduledEntry.ID) async throws -> Bool {
        try await writing { connection in
            try await connection.query("DELETE FROM scheduled_entries WHERE id = \(id.key) RETURNING 1", logger: logger)
                .first { _ in true } ?? false
        }
    }

    /// Takes the due rows with `FOR UPDATE SKIP LOCKED`, so a server publishing at the same time takes other rows
    /// or none and never the same; then inserts their entries under the entries' sequence lock (see
    /// `CursorSequence`), as `createEntry` does, and deletes the rows, all in one transaction. Rows are locked
    /// before the sequence, and what holding the sequence waits for (an author's `account_stats` row) is held only
    /// by writes that never then take the sequence, so the locks cannot deadlock.
    public func publishScheduledEntries(dueAt now: Date, datedNowBefore: Date, limit: Int) async throws -> [Entry] {
        // Every server asks every second and most find nothing due: a read says so without a transaction.
        let anyDue = try await reading { connection in
            try await connection.query(
                "SELECT 1 FROM scheduled_entries WHERE scheduled_at <= \(now.toMilliseconds) LIMIT 1", logger: logger
            ).first { _ in true } ?? false
        }
        guard anyDue else { return [] }
        return try await writing { connection in
            let due = try await fetchScheduledEntries(
                on: connection, where: "scheduled_entries.scheduled_at <= \(now.toMilliseconds)", limit: limit, takingRows: true
            )
            guard !due.isEmpty else { return [] }
            try await lock(.entries, on: connection)
            var published: [Entry] = []
            for scheduled in due {
                let new = NewEntry(
                    author: scheduled.author, content: scheduled.content,
                    createdAt: scheduled.scheduledAt < datedNowBefore ? now : scheduled.scheduledAt
                )
                published.append(try await sql(connection).insertEntry(new))
            }
            try await connection.execute(
                "DELETE FROM scheduled_entries WHERE id = ANY(\(due.map(\.id.key))::BIGINT[])", logger: logger
            )
            return published
        }
    }

    /// Writes a waiting entry's photos in their order, in one statement.
    private func insertScheduledPhotos(_ photos: [AttachedPhoto], of id: Int64, on connection: PostgresConnection) async throws {
        guard !photos.isEmpty else { return }
        try await connection.execute(
            """
            INSERT INTO scheduled_entry_photos (scheduled_entry_id, position, photo_id, alt)
            SELECT \(id), photo.position - 1, photo.id, photo.alt
            FROM unnest(\(photos.map(\.id.key))::BIGINT[], \(photos.map(\.alt))::TEXT[]) WITH ORDINALITY AS photo(id, alt, position)
            """,
            logger: logger
        )
    }

    /// Reads waiting entries matching a condition, soonest first; `takingRows` locks them for this transaction,
    /// skipping any another transaction holds.
    private func fetchScheduledEntries(
        on connection: PostgresConnection, where condition: SQL, limit: Int? = nil, takingRows: Bool = false
    ) async throws -> [ScheduledEntry] {
        let limitClause: SQL = if let limit { "LIMIT \(limit)" } else { "" }
        let locking: SQL = takingRows ? "FOR UPDATE SKIP LOCKED" : ""
        let query: SQL = """
            SELECT \(raw: Self.scheduledColumns) FROM scheduled_entries
            WHERE \(condition) ORDER BY scheduled_entries.scheduled_at, scheduled_entries.id \(limitClause) \(locking)
            """
        return try await connection.query(try query.query, logger: logger).map { row in
            let entry = try row.entry()
            return ScheduledEntry(id: ScheduledEntry.ID(integer: entry.id.key), author: entry.author, content: entry.content, scheduledAt: entry.createdAt)
        }
    }
}
