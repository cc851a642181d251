import Foundation
import GRDB
import QwinkleKit
import QwinkleStorage

extension SQLiteStorage: MarkStore {
    /// Inserts the mark unless it exists, after checking in the same transaction that the entry exists outside
    /// the trash.
    public func mark(_ entry: Entry.ID, by account: Account.ID, at date: Date) async throws {
        try await commits.write { db in
            let author = try Int64.fetchOne(
                db, cached: "SELECT author_id FROM entries WHERE id = ? AND \(EntryPlace.outsideTrash.condition(on: "entries.id"))",
                arguments: [entry.key]
            )
            guard let author else { throw StorageError.notFound("Entry \(entry)") }
            try db.execute(
                cached: "INSERT INTO marks (account_id, entry_id, created_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
                arguments: [account.key, entry.key, date]
            )
            // Only a mark that is new tells the author: marking twice notifies once.
            if db.changesCount > 0 {
                try Self.insertNotification(to: Account.ID(integer: author), .marked, by: account, entry: entry, at: date, in: db)
            }
        }
    }

    /// Deletes the mark.
    public func unmark(_ entry: Entry.ID, by account: Account.ID) async throws {
        try await commits.write { db in
            try db.execute(cached: "DELETE FROM marks WHERE account_id = ? AND entry_id = ?", arguments: [account.key, entry.key])
        }
    }

    /// Looks the marks of entries outside the trash up in one query.
    public func markedEntries(among entries: Set<Entry.ID>, by account: Account.ID) async throws -> Set<Entry.ID> {
        guard !entries.isEmpty else { return [] }
        return try readingOneStatement { db in try Self.markedEntries(among: entries, by: account, in: db) }
    }

    /// Which of these entries outside the trash the account marked, in one statement.
    static func markedEntries(among entries: Set<Entry.ID>, by account: Account.ID, in db: Database) throws -> Set<Entry.ID> {
        guard !entries.isEmpty else { return [] }
        let keys = entries.map { $0.key }
        let marked = try Int64.fetchAll(
            db,
            cached: """
                SELECT entry_id FROM marks WHERE account_id = ? AND entry_id IN \(placeholders(keys.count))
                    AND \(EntryPlace.outsideTrash.condition(on: "marks.entry_id"))
                """,
            arguments: StatementArguments([account.key] + keys)
        )
        return Set(marked.map(Entry.ID.init(integer:)))
    }

    /// Pages through the entry's marks.
    public func markers(of entry: Entry.ID, page: PageRequest) async throws -> [Paged<Account>] {
        try accountPage(through: "marks", match: "entry_id", other: "account_id", key: entry.key, page: page)
    }
}
