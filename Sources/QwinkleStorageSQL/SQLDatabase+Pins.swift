import Foundation
import QwinkleKit
import QwinkleStorage

extension PinStore where Self: SQLDatabase {
    /// Inserts the row unless it is kept already or the author is at the limit, in one transaction with the
    /// author's row locked so that two pins at once cannot both pass the count, and the entry's against a purge.
    public func pin(_ entry: Entry.ID, by account: Account.ID, at date: Date, limit: Int) async throws -> PinOutcome {
        try await write { connection in
            guard try await connection.returnsRow(
                """
                SELECT 1 FROM entries WHERE id = \(entry.key) AND author_id = \(account.key)
                AND \(raw: EntryPlace.outsideTrash.condition(on: "entries.id")) \(sqlite: "", postgres: "FOR SHARE")
                """
            ) else { throw StorageError.notFound("Entry \(entry)") }
            if try await connection.returnsRow("SELECT 1 FROM pins WHERE entry_id = \(entry.key)") { return .alreadyPinned }
            _ = try await connection.returnsRow("SELECT 1 FROM accounts WHERE id = \(account.key) \(sqlite: "", postgres: "FOR UPDATE")")
            let pinned = try await connection.value("SELECT count(*) FROM pins WHERE account_id = \(account.key)", as: Int64.self) ?? 0
            guard pinned < limit else { return .atLimit }
            try await connection.execute("INSERT INTO pins (account_id, entry_id, created_at) VALUES (\(account.key), \(entry.key), \(date))")
            return .pinned
        }
    }

    /// Deletes the row, if there is one.
    public func unpin(_ entry: Entry.ID, by account: Account.ID) async throws -> Bool {
        try await write { connection in
            try await connection.returnsRow("DELETE FROM pins WHERE account_id = \(account.key) AND entry_id = \(entry.key) RETURNING 1")
        }
    }
}
