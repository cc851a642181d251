import Foundation
import GRDB
import QwinkleKit
import QwinkleStorage
import QwinkleStorageSQL

extension SQLiteStorage: ShareStore {
    /// Draws the share's ID from the entries' sequence and inserts it, unless it is kept already.
    public func addShare(_ new: NewShare) async throws -> Bool {
        try await commits.write { db in
            // Named as PostgreSQL names it, rather than left to the foreign key's raw error.
            guard try Bool.fetchOne(db, cached: "SELECT 1 FROM entries WHERE id = ?", arguments: [new.share.entry.key]) != nil else {
                throw StorageError.notFound("Entry \(new.share.entry)")
            }
            let kept = try Bool.fetchOne(
                db, cached: "SELECT 1 FROM shares WHERE activity_id = ? OR (sharer_id = ? AND entry_id = ?)",
                arguments: [new.activityID, new.share.sharer.key, new.share.entry.key]
            )
            guard kept == nil else { return false }
            // `AUTOINCREMENT` keeps the entries' last ID in `sqlite_sequence`: taking the next one there means no
            // entry is ever given it, and a share sorts among entries by when it was made.
            try db.execute(
                cached: "INSERT INTO sqlite_sequence (name, seq) SELECT 'entries', 0 WHERE NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = 'entries')"
            )
            try db.execute(cached: "UPDATE sqlite_sequence SET seq = seq + 1 WHERE name = 'entries'")
            guard let id = try Int64.fetchOne(db, cached: "SELECT seq FROM sqlite_sequence WHERE name = 'entries'") else {
                throw StorageError.notFound("The entries' sequence")
            }
            try db.execute(
                cached: "INSERT INTO shares (id, sharer_id, entry_id, activity_id, created_at) VALUES (?, ?, ?, ?, ?)",
                arguments: [id, new.share.sharer.key, new.share.entry.key, new.activityID, new.sharedAt]
            )
            return true
        }
    }

    /// Deletes the share's row.
    public func removeShare(activityID: String, sharer: Account.ID) async throws -> Bool {
        try await commits.write { db in
            try db.execute(cached: "DELETE FROM shares WHERE activity_id = ? AND sharer_id = ?", arguments: [activityID, sharer.key])
            return db.changesCount > 0
        }
    }

    /// A walk down the index of each followed account's shares, from the page's top.
    public func sharesFollowed(by viewer: Account.ID, page: PageRequest) async throws -> [Paged<Share>] {
        try reading { db in
            try Row.fetchAll(
                db,
                cached: """
                    SELECT shares.id, shares.sharer_id, shares.entry_id FROM follows
                    JOIN shares ON shares.sharer_id = follows.followee_id
                    WHERE follows.follower_id = ? AND shares.id < ? AND shares.id > ? AND \(EntryPlace.outsideTrash.condition(on: "shares.entry_id"))
                    ORDER BY shares.id DESC LIMIT ?
                    """,
                arguments: [viewer.key, page.maxCursor ?? .max, page.sinceCursor ?? 0, page.limit]
            ).map { row in
                Paged(cursor: row[0], item: Share(sharer: Account.ID(integer: row[1]), entry: Entry.ID(integer: row[2])))
            }
        }
    }
}
