import Foundation
import QwinkleKit
import QwinkleStorage

extension ScheduledEntryStore where Self: SQLDatabase {
    /// Inserts the waiting entry and its photos, unless its author has `limit` waiting already. On PostgreSQL the
    /// author's row is locked first (without blocking references to it), so two servers scheduling at once count one
    /// after the other.
    public func scheduleEntry(_ new: NewScheduledEntry, limit: Int) async throws -> ScheduledEntry? {
        try await write { connection in
            if connection.dialect == .postgres {
                try await connection.execute("SELECT 1 FROM accounts WHERE id = \(new.author.key) FOR NO KEY UPDATE")
            }
            let waiting = try await connection.value("SELECT count(*) FROM scheduled_entries WHERE author_id = \(new.author.key)", as: Int.self) ?? 0
            guard waiting < limit else { return nil }
            if let draft = new.draft { try await connection.deletePostedDraft(draft, of: new.author) }
            guard let id = try await connection.value(
                """
                INSERT INTO scheduled_entries (author_id, scheduled_at, \(raw: EntryColumn.contentNames))
                VALUES (\(new.author.key), \(new.scheduledAt), \(values: new.content.storedValues))
                RETURNING id
                """,
                as: Int64.self
            ) else { throw CorruptRow(description: "an insert of a scheduled entry returned no ID") }
            try await connection.insertScheduledPhotos(new.content.photos, of: id)
            return try await connection.scheduledEntries(where: "scheduled_entries.id = \(id)").first
        }
    }

    /// Reads one waiting entry with its photos.
    public func scheduledEntry(id: ScheduledEntry.ID) async throws -> ScheduledEntry? {
        try await read { connection in try await connection.scheduledEntries(where: "scheduled_entries.id = \(id.key)").first }
    }

    /// Reads the author's waiting entries, soonest first.
    public func scheduledEntries(of author: Account.ID) async throws -> [ScheduledEntry] {
        try await read { connection in try await connection.scheduledEntries(where: "scheduled_entries.author_id = \(author.key)") }
    }

    /// Replaces the row's content and time, and its photos.
    public func changeScheduledEntry(id: ScheduledEntry.ID, content: EntryContent, scheduledAt: Date) async throws -> ScheduledEntry? {
        try await write { connection in
            let assignments = zip(EntryColumn.content, content.storedValues).map { column, value -> SQL in "\(raw: column.name) = \(value)" }
            guard try await connection.returnsRow(
                """
                UPDATE scheduled_entries SET scheduled_at = \(scheduledAt), \(SQL.joined(assignments, separator: ", "))
                WHERE id = \(id.key) RETURNING 1
                """
            ) else { return nil }
            try await connection.execute("DELETE FROM scheduled_entry_photos WHERE scheduled_entry_id = \(id.key)")
            try await connection.insertScheduledPhotos(content.photos, of: id.key)
            return try await connection.scheduledEntries(where: "scheduled_entries.id = \(id.key)").first
        }
    }

    /// Deletes the row; its photos' rows go with it.
    public func cancelScheduledEntry(id: ScheduledEntry.ID) async throws -> Bool {
        try await write { connection in try await connection.returnsRow("DELETE FROM scheduled_entries WHERE id = \(id.key) RETURNING 1") }
    }

    /// Takes the due rows (on PostgreSQL with `FOR UPDATE SKIP LOCKED`, so a server publishing at the same time
    /// takes other rows or none and never the same; SQLite's one writer does that by itself), then inserts their
    /// entries under the entries' sequence lock (see `CursorSequence`) as `createEntry` does, and deletes the rows,
    /// all in one transaction. Rows are locked before the sequence, and what holding the sequence waits for (an
    /// author's `account_stats` row) is held only by writes that never then take the sequence, so the locks cannot
    /// deadlock.
    public func publishScheduledEntries(dueAt now: Date, datedNowBefore: Date, limit: Int, announce: Bool) async throws -> [Entry] {
        // Every server asks every second and most find nothing due: a read says so without taking the writer.
        let anyDue = try await readStatement { connection in
            try await connection.returnsRow("SELECT 1 FROM scheduled_entries WHERE scheduled_at <= \(now) LIMIT 1")
        }
        guard anyDue else { return [] }
        return try await write { connection in
            let due = try await connection.scheduledEntries(where: "scheduled_entries.scheduled_at <= \(now)", limit: limit, takingRows: true)
            guard !due.isEmpty else { return [] }
            try await connection.lock(.entries)
            let encoder = QwinkleJSON.makeEncoder()
            var published: [Entry] = []
            for scheduled in due {
                let new = NewEntry(
                    author: scheduled.author, content: scheduled.content,
                    createdAt: scheduled.scheduledAt < datedNowBefore ? now : scheduled.scheduledAt, announce: announce
                )
                published.append(try await connection.insertEntry(new, encoder: encoder))
            }
            try await connection.execute("DELETE FROM scheduled_entries WHERE id IN (\(list: due.map(\.id.key)))")
            return published
        }
    }
}

extension SQLConnection {
    /// Writes a waiting entry's photos in their order.
    fileprivate func insertScheduledPhotos(_ photos: [AttachedPhoto], of id: Int64) async throws {
        for (position, photo) in photos.enumerated() {
            try await execute(
                """
                INSERT INTO scheduled_entry_photos (scheduled_entry_id, position, photo_id, alt)
                VALUES (\(id), \(position), \(photo.id.key), \(photo.alt))
                """
            )
        }
    }

    /// Waiting entries matching a condition, soonest first, with their photos in one more statement; `takingRows`
    /// locks them for this transaction on PostgreSQL, skipping any another transaction holds.
    ///
    /// The rows are shaped as entries (the scheduled time where an entry has its creation) and read by
    /// `SQLRow.entry(photos:)`, so no second decoder of kinds and dreams can drift from the first.
    fileprivate func scheduledEntries(where condition: SQL, limit: Int? = nil, takingRows: Bool = false) async throws -> [ScheduledEntry] {
        // The content's columns are the entries' own (`EntryColumn.content`); what only an entry has is NULL.
        let columns = EntryColumn.allCases.map { column in
            switch column {
            case .revision: "1"
            case .createdAt: "scheduled_entries.scheduled_at"
            case .editedAt, .importedAt: "NULL"
            case _ where EntryColumn.thread.contains(column): "NULL"
            default: "scheduled_entries.\(column.name)"
            }
        }.joined(separator: ", ")
        let limitClause: SQL = if let limit { "LIMIT \(limit)" } else { "" }
        let locking: SQL = takingRows ? "\(sqlite: "", postgres: "FOR UPDATE SKIP LOCKED")" : ""
        var entries: [Entry] = []
        try await forEach(
            """
            SELECT \(raw: columns) FROM scheduled_entries
            WHERE \(condition) ORDER BY scheduled_entries.scheduled_at, scheduled_entries.id \(limitClause) \(locking)
            """
        ) { entries.append(try $0.entry(photos: [])) }
        guard !entries.isEmpty else { return [] }
        var photos: [Int64: [AttachedPhoto]] = [:]
        try await forEach(
            """
            SELECT scheduled_entry_id, photo_id, alt FROM scheduled_entry_photos
            WHERE scheduled_entry_id IN (\(list: entries.map(\.id.key))) ORDER BY scheduled_entry_id, position
            """
        ) { row in photos[try row[0], default: []].append(AttachedPhoto(id: Photo.ID(integer: try row[1]), alt: try row[2])) }
        return entries.map { entry in
            var content = entry.content
            content.photos = photos[entry.id.key] ?? []
            return ScheduledEntry(id: ScheduledEntry.ID(integer: entry.id.key), author: entry.author, content: content, scheduledAt: entry.createdAt)
        }
    }
}
