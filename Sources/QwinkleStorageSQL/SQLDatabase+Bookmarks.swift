import Foundation
import QwinkleKit
import QwinkleStorage

extension BookmarkStore where Self: SQLDatabase {
    /// Inserts the row unless it is kept already, with the entry's row locked against a purge until it is in.
    public func bookmark(_ entry: Entry.ID, by account: Account.ID, at date: Date) async throws {
        try await write { connection in
            guard try await connection.returnsRow(
                """
                SELECT 1 FROM entries WHERE id = \(entry.key) AND \(raw: EntryPlace.outsideTrash.condition(on: "entries.id"))
                \(sqlite: "", postgres: "FOR SHARE")
                """
            ) else { throw StorageError.notFound("Entry \(entry)") }
            try await connection.execute(
                "INSERT INTO bookmarks (account_id, entry_id, created_at) VALUES (\(account.key), \(entry.key), \(date)) ON CONFLICT DO NOTHING"
            )
        }
    }

    /// Deletes the row.
    public func unbookmark(_ entry: Entry.ID, by account: Account.ID) async throws {
        try await write { connection in
            try await connection.execute("DELETE FROM bookmarks WHERE account_id = \(account.key) AND entry_id = \(entry.key)")
        }
    }
}
