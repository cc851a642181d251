import Foundation
import GRDB
import QwinkleKit
import QwinkleStorage
import QwinkleStorageSQL

extension SQLiteStorage: ScheduledEntryStore {
    /// Inserts the waiting entry and its photos, unless its author has `limit` waiting already.
    public func scheduleEntry(_ new: NewScheduledEntry, limit: Int) async throws -> ScheduledEntry? {
        try await commits.write { db in
            let waiting = try Int.fetchOne(
                db, cached: "SELECT count(*) FROM scheduled_entries WHERE author_id = ?", arguments: [new.author.key]
            ) ?? 0
            guard waiting < limit else { return nil }
            if let draft = new.draft { try Self.shared(db) { try await $0.deletePostedDraft(draft, of: new.author) } }
            try db.execute(
                cached: """
                    INSERT INTO scheduled_entries (author_id, scheduled_at, \(EntryColumn.contentNames))
                    VALUES (?, ?, \(Self.contentPlaceholders))
                    """,
                arguments: StatementArguments([new.author.key, new.scheduledAt] + new.content.boundValues)
            )
            let id = db.lastInsertedRowID
            try Self.insertScheduledPhotos(new.content.photos, of: id, in: db)
            return try Self.fetchScheduledEntries(db, where: "scheduled_entries.id = ?", arguments: [id]).first
        }
    }

    /// Reads one waiting entry with its photos.
    public func scheduledEntry(id: ScheduledEntry.ID) async throws -> ScheduledEntry? {
        try reading { db in
            try Self.fetchScheduledEntries(db, where: "scheduled_entries.id = ?", arguments: [id.key]).first
        }
    }

    /// Reads the author's waiting entries, soonest first.
    public func scheduledEntries(of author: Account.ID) async throws -> [ScheduledEntry] {
        try reading { db in
            try Self.fetchScheduledEntries(db, where: "scheduled_entries.author_id = ?", arguments: [author.key])
        }
    }

    /// Replaces the row's content and time, and its photos.
    public func changeScheduledEntry(id: ScheduledEntry.ID, content: EntryContent, scheduledAt: Date) async throws -> ScheduledEntry? {
        try await commits.write { db in
            try db.execute(
                cached: "UPDATE scheduled_entries SET scheduled_at = ?, \(Self.contentAssignments) WHERE id = ?",
                arguments: StatementArguments([scheduledAt] + content.boundValues + [id.key])
            )
            guard db.changesCount > 0 else { return nil }
            try db.execute(cached: "DELETE FROM scheduled_entry_photos WHERE scheduled_entry_id = ?", arguments: [id.key])
            try Self.insertScheduledPhotos(content.photos, of: id.key, in: db)
            return try Self.fetchScheduledEntries(db, where: "scheduled_entries.id = ?", arguments: [id.key]).first
        }
    }

    /// Deletes the row; its photos' rows go with it.
    public func cancelScheduledEntry(id: ScheduledEntry.ID) async throws -> Bool {
        try await commits.write { db in
            try db.execute(cached: "DELETE FROM scheduled_entries WHERE id = ?", arguments: [id.key])
            return db.changesCount > 0
        }
    }

    /// Inserts each due entry as `createEntry` would, then deletes the waiting rows, in one transaction: SQLite has
    /// one writer, so no other server can take the same rows meanwhile. Most calls find nothing due, which a read
    /// tells without taking the writer from anyone.
    public func publishScheduledEntries(dueAt now: Date, datedNowBefore: Date, limit: Int) async throws -> [Entry] {
        let anyDue = try reading { db in
            try Bool.fetchOne(db, cached: "SELECT 1 FROM scheduled_entries WHERE scheduled_at <= ? LIMIT 1", arguments: [now]) ?? false
        }
        guard anyDue else { return [] }
        return try await commits.write { db in
            let due = try Self.fetchScheduledEntries(db, where: "scheduled_entries.scheduled_at <= ?", arguments: [now], limit: limit)
            guard !due.isEmpty else { return [] }
            let encoder = QwinkleJSON.makeEncoder()
            var published: [Entry] = []
            for scheduled in due {
                let new = NewEntry(
                    author: scheduled.author, content: scheduled.content,
                    createdAt: scheduled.scheduledAt < datedNowBefore ? now : scheduled.scheduledAt
                )
                published.append(try Self.insertEntry(new, in: db, encoder: encoder))
            }
            let keys = due.map(\.id.key)
            try db.execute(
                cached: "DELETE FROM scheduled_entries WHERE id IN \(Self.placeholders(keys.count))", arguments: StatementArguments(keys)
            )
            return published
        }
    }

    /// Writes a waiting entry's photos in their order.
    private static func insertScheduledPhotos(_ photos: [AttachedPhoto], of id: Int64, in db: Database) throws {
        for (position, photo) in photos.enumerated() {
            try db.execute(
                cached: "INSERT INTO scheduled_entry_photos (scheduled_entry_id, position, photo_id, alt) VALUES (?, ?, ?, ?)",
                arguments: [id, position, photo.id.key, photo.alt]
            )
        }
    }

    /// Reads waiting entries matching a condition, soonest first, with their photos in one more query.
    ///
    /// The rows are shaped as entries (the scheduled time where an entry has its creation) and read through
    /// `entryColumns` and `Row.entry(photos:)`, so no second decoder of kinds and dreams can drift from the first;
    /// the content's columns are the entries' own (`EntryColumn.content`).
    private static func fetchScheduledEntries(
        _ db: Database, where condition: String, arguments: StatementArguments, limit: Int? = nil
    ) throws -> [ScheduledEntry] {
        let limitClause = limit.map { " LIMIT \($0)" } ?? ""
        let rows = try Row.fetchAll(
            db,
            cached: """
                SELECT \(entryColumns) FROM (
                    SELECT id, author_id, 1 AS revision, scheduled_at AS created_at, NULL AS edited_at, NULL AS imported_at,
                        \(noThread), \(EntryColumn.contentNames)
                    FROM scheduled_entries WHERE \(condition) ORDER BY scheduled_at, id\(limitClause)
                ) AS entries ORDER BY entries.created_at, entries.id
                """,
            arguments: arguments
        )
        guard !rows.isEmpty else { return [] }
        let ids: [Int64] = rows.map { $0[EntryColumn.id.rawValue] }
        var photos: [Int64: [AttachedPhoto]] = [:]
        for row in try Row.fetchAll(
            db,
            cached: """
                SELECT scheduled_entry_id, photo_id, alt FROM scheduled_entry_photos
                WHERE scheduled_entry_id IN \(placeholders(ids.count)) ORDER BY scheduled_entry_id, position
                """,
            arguments: StatementArguments(ids)
        ) {
            photos[row[0], default: []].append(AttachedPhoto(id: Photo.ID(integer: row[1]), alt: row[2]))
        }
        return try rows.map { row in
            let entry = try row.entry(photos: photos[row[EntryColumn.id.rawValue]] ?? [])
            return ScheduledEntry(id: ScheduledEntry.ID(integer: entry.id.key), author: entry.author, content: entry.content, scheduledAt: entry.createdAt)
        }
    }
}
