import Foundation
import GRDB
import QwinkleKit
import QwinkleStorage
import QwinkleStorageSQL

extension SQLiteStorage: TrashStore {
    /// Reads the entry from the trash, with when it was deleted.
    public func trashedEntry(id: Entry.ID) async throws -> TrashedEntry? {
        try reading { db in
            guard let entry = try Self.fetchEntry(db, id: id.key, in: .inTrash) else { return nil }
            return try Self.trashedEntries([entry], in: db).first
        }
    }

    /// Takes the entry's row out of the trash; everything that belongs to it never left.
    public func restoreDeletedEntry(id: Entry.ID) async throws -> Entry? {
        try await commits.write { db in
            try db.execute(cached: "DELETE FROM trashed_entries WHERE entry_id = ?", arguments: [id.key])
            guard db.changesCount > 0 else { return nil }
            return try Self.fetchEntry(db, id: id.key)
        }
    }

    /// Reads a page of the author's trash by the deletions' sequence.
    public func trash(of author: Account.ID, page: PageRequest) async throws -> [Paged<TrashedEntry>] {
        try reading { db in
            let window = Self.pageWindow(page, column: "trashed_entries.id")
            let entries = try Self.fetchEntries(
                db, in: .inTrash, join: "JOIN trashed_entries ON trashed_entries.entry_id = entries.id",
                where: "entries.author_id = ?" + window.sql, arguments: [author.key] + window.arguments,
                cursor: "trashed_entries.id", limit: page.limit
            )
            let trashed = try Self.trashedEntries(entries.map(\.item), in: db)
            return zip(entries, trashed).map { Paged(cursor: $0.cursor, item: $1) }
        }
    }

    /// Deletes the entries; the schema's cascades take their trash rows, photos' attachments, revisions, marks
    /// and idempotency keys with them.
    public func purgeTrash(deletedBefore date: Date) async throws -> Int {
        try await commits.write { db in
            try db.execute(
                cached: "DELETE FROM entries WHERE id IN (SELECT entry_id FROM trashed_entries WHERE deleted_at < ?)",
                arguments: [date]
            )
            return db.changesCount
        }
    }

    /// The entries, in their order, with when each was put in the trash.
    private static func trashedEntries(_ entries: [Entry], in db: Database) throws -> [TrashedEntry] {
        guard !entries.isEmpty else { return [] }
        let keys = entries.map(\.id.key)
        var deletedAt: [Int64: Date] = [:]
        for row in try Row.fetchAll(
            db, cached: "SELECT entry_id, deleted_at FROM trashed_entries WHERE entry_id IN \(placeholders(keys.count))",
            arguments: StatementArguments(keys)
        ) {
            deletedAt[row["entry_id"]] = row["deleted_at"]
        }
        return try entries.map { entry in
            guard let date = deletedAt[entry.id.key] else { throw CorruptRow(description: "entry \(entry.id) in the trash without a date") }
            return TrashedEntry(entry: entry, deletedAt: date)
        }
    }
}
