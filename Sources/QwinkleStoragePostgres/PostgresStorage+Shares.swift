import Foundation
import PostgresNIO
import QwinkleKit
import QwinkleStorage
import QwinkleStorageSQL

extension PostgresStorage: ShareStore {
    /// Draws the share's ID from the entries' sequence, under the entries' cursor lock, and inserts it unless it is
    /// kept already; the entry's row is locked against a purge until the share is in.
    public func addShare(_ new: NewShare) async throws -> Bool {
        try await writing { connection in
            try await lock(.entries, on: connection)
            let exists = try await connection.query(
                "SELECT 1 FROM entries WHERE id = \(new.share.entry.key) FOR SHARE", logger: logger
            ).first { _ in true } ?? false
            guard exists else { throw StorageError.notFound("Entry \(new.share.entry)") }
            return try await connection.query(
                """
                INSERT INTO shares (id, sharer_id, entry_id, activity_id, created_at)
                VALUES (nextval(pg_get_serial_sequence('entries', 'id')), \(new.share.sharer.key), \(new.share.entry.key), \(new.activityID),
                    \(new.sharedAt.toMilliseconds))
                ON CONFLICT DO NOTHING RETURNING 1
                """,
                logger: logger
            ).first { _ in true } ?? false
        }
    }

    /// Deletes the share's row.
    public func removeShare(activityID: String, sharer: Account.ID) async throws -> Bool {
        try await writing { connection in
            try await connection.query(
                "DELETE FROM shares WHERE activity_id = \(activityID) AND sharer_id = \(sharer.key) RETURNING 1", logger: logger
            ).first { _ in true } ?? false
        }
    }

    /// A walk down the index of each followed account's shares, from the page's top.
    public func sharesFollowed(by viewer: Account.ID, page: PageRequest) async throws -> [Paged<Share>] {
        try await reading { connection in
            var shares: [Paged<Share>] = []
            let rows = try await connection.query(
                """
                SELECT shares.id, shares.sharer_id, shares.entry_id FROM follows
                JOIN shares ON shares.sharer_id = follows.followee_id
                WHERE follows.follower_id = \(viewer.key) AND shares.id < \(page.maxCursor ?? .max) AND shares.id > \(page.sinceCursor ?? 0)
                    AND \(unescaped: EntryPlace.outsideTrash.condition(on: "shares.entry_id"))
                ORDER BY shares.id DESC LIMIT \(Int64(page.limit))
                """,
                logger: logger
            )
            for try await (id, sharer, entry) in rows.decode((Int64, Int64, Int64).self) {
                shares.append(Paged(cursor: id, item: Share(sharer: Account.ID(integer: sharer), entry: Entry.ID(integer: entry))))
            }
            return shares
        }
    }
}
