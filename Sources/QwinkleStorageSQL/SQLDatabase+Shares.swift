import Foundation
import QwinkleKit
import QwinkleStorage

extension ShareStore where Self: SQLDatabase {
    /// Draws the share's ID from the entries' sequence, under the entries' cursor lock, and inserts it unless it is
    /// kept already; the entry's row is locked against a purge until the share is in.
    public func addShare(_ new: NewShare) async throws -> Bool {
        try await write { connection in
            try await connection.lock(.entries)
            // Named as a missing entry, rather than left to the foreign key's error.
            guard try await connection.returnsRow(
                "SELECT 1 FROM entries WHERE id = \(new.share.entry.key) \(sqlite: "", postgres: "FOR SHARE")"
            ) else { throw StorageError.notFound("Entry \(new.share.entry)") }
            let id = try await connection.nextEntryID()
            return try await connection.returnsRow(
                """
                INSERT INTO shares (id, sharer_id, entry_id, activity_id, created_at)
                VALUES (\(id), \(new.share.sharer.key), \(new.share.entry.key), \(new.activityID), \(new.sharedAt))
                ON CONFLICT DO NOTHING RETURNING 1
                """
            )
        }
    }

    /// Deletes the share's row.
    public func removeShare(activityID: String, sharer: Account.ID) async throws -> Bool {
        try await write { connection in
            try await connection.returnsRow("DELETE FROM shares WHERE activity_id = \(activityID) AND sharer_id = \(sharer.key) RETURNING 1")
        }
    }

    /// A walk down the index of each followed account's shares, from the page's top.
    public func sharesFollowed(by viewer: Account.ID, page: PageRequest) async throws -> [Paged<Share>] {
        try await read { connection in
            try await connection.rows(
                """
                SELECT shares.id, shares.sharer_id, shares.entry_id FROM follows
                JOIN shares ON shares.sharer_id = follows.followee_id
                WHERE follows.follower_id = \(viewer.key)\(SQL.pageWindow(page, column: "shares.id"))
                    AND \(raw: EntryPlace.outsideTrash.condition(on: "shares.entry_id"))
                ORDER BY shares.id DESC LIMIT \(page.limit)
                """
            ) { row in
                Paged(cursor: try row[0], item: Share(sharer: Account.ID(integer: try row[1]), entry: Entry.ID(integer: try row[2])))
            }
        }
    }
}

extension SQLConnection {
    /// The next number of the entries' sequence, which shares draw from too, so a share sorts among entries by when
    /// it was made and no entry is ever given its number.
    public func nextEntryID() async throws -> Int64 {
        switch dialect {
        case .postgres:
            if let id = try await value("SELECT nextval(pg_get_serial_sequence('entries', 'id'))", as: Int64.self) { return id }
        case .sqlite:
            // `AUTOINCREMENT` keeps the entries' last ID in `sqlite_sequence`.
            try await execute(
                """
                INSERT INTO sqlite_sequence (name, seq) SELECT 'entries', 0
                WHERE NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = 'entries')
                """
            )
            if let id = try await value("UPDATE sqlite_sequence SET seq = seq + 1 WHERE name = 'entries' RETURNING seq", as: Int64.self) {
                return id
            }
        }
        throw StorageError.notFound("The entries' sequence")
    }
}
