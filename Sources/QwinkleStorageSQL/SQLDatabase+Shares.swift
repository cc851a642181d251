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
            guard let author = try await connection.value(
                "SELECT author_id FROM entries WHERE id = \(new.share.entry.key) \(sqlite: "", postgres: "FOR SHARE")", as: Int64.self
            ) else { throw StorageError.notFound("Entry \(new.share.entry)") }
            let id = try await connection.nextEntryID()
            let isNew = try await connection.returnsRow(
                """
                INSERT INTO shares (id, sharer_id, entry_id, activity_id, created_at)
                VALUES (\(id), \(new.share.sharer.key), \(new.share.entry.key), \(new.activityID), \(new.sharedAt))
                ON CONFLICT DO NOTHING RETURNING 1
                """
            )
            // Only a share that is new tells the author: sharing twice notifies once.
            if isNew {
                try await connection.insertNotification(to: Account.ID(integer: author), .shared, by: new.share.sharer, entry: new.share.entry, at: new.sharedAt)
            }
            return isNew
        }
    }

    /// Deletes the share's row, answering its activity's ID.
    public func removeShare(of entry: Entry.ID, by sharer: Account.ID) async throws -> String? {
        try await write { connection in
            try await connection.value(
                "DELETE FROM shares WHERE entry_id = \(entry.key) AND sharer_id = \(sharer.key) RETURNING activity_id", as: String.self
            )
        }
    }

    /// Pages through the entry's shares by the shares' index on their entries.
    public func sharers(of entry: Entry.ID, page: PageRequest) async throws -> [Paged<Account>] {
        try await read { connection in
            try await connection.accountPage(through: "shares", match: "entry_id", other: "sharer_id", key: entry.key, page: page)
        }
    }

    /// Deletes the share's row.
    public func removeShare(activityID: String, sharer: Account.ID) async throws -> Bool {
        try await write { connection in
            try await connection.returnsRow("DELETE FROM shares WHERE activity_id = \(activityID) AND sharer_id = \(sharer.key) RETURNING 1")
        }
    }

    /// A walk down the index of each sharer's shares (every account followed, and the viewer), from the page's top.
    public func shares(_ source: ShareSource, page: PageRequest) async throws -> [Paged<Share>] {
        let sharers: SQL = switch source {
        case .homeOf(let viewer):
            "SELECT followee_id AS id FROM follows WHERE follower_id = \(viewer.key) UNION ALL SELECT \(viewer.key)"
        case .by(let account):
            "SELECT \(account.key) AS id"
        }
        return try await read { connection in
            try await connection.rows(
                """
                SELECT shares.id, shares.sharer_id, shares.entry_id FROM (\(sharers)) AS sharers
                JOIN shares ON shares.sharer_id = sharers.id
                WHERE TRUE\(SQL.pageWindow(page, column: "shares.id"))
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
