import Foundation
import GRDB
import QwinkleKit
import QwinkleStorage

extension SQLiteStorage: FollowStore {
    /// Inserts the follow unless it exists.
    public func follow(_ follower: Account.ID, _ followee: Account.ID, at date: Date) async throws {
        try await commits.write { db in
            try Self.insertFollow(follower, followee, at: date, in: db)
            // Only a follow that is new tells anyone: following twice notifies once.
            if db.changesCount > 0 { try Self.insertNotification(to: followee, .followed, by: follower, at: date, in: db) }
        }
    }

    /// Deletes the follow if it exists.
    public func unfollow(_ follower: Account.ID, _ followee: Account.ID) async throws {
        try await commits.write { db in
            try db.execute(cached: "DELETE FROM follows WHERE follower_id = ? AND followee_id = ?", arguments: [follower.key, followee.key])
        }
    }

    /// Looks the follow up.
    public func isFollowing(_ follower: Account.ID, _ followee: Account.ID) async throws -> Bool {
        try reading { db in
            try Bool.fetchOne(
                db, cached: "SELECT 1 FROM follows WHERE follower_id = ? AND followee_id = ?", arguments: [follower.key, followee.key]
            ) ?? false
        }
    }

    /// Pages through the followee's follows.
    public func followers(of account: Account.ID, page: PageRequest) async throws -> [Paged<Account>] {
        try accountPage(through: "follows", match: "followee_id", other: "follower_id", key: account.key, page: page)
    }

    /// Pages through the follower's follows.
    public func following(of account: Account.ID, page: PageRequest) async throws -> [Paged<Account>] {
        try accountPage(through: "follows", match: "follower_id", other: "followee_id", key: account.key, page: page)
    }

    /// A page of the accounts named by `other` in the rows of `table` whose `match` is `key`, newest row first; the
    /// cursor is the row's own sequence. Follows and marks are both read this way.
    func accountPage(through table: String, match: String, other: String, key: Int64, page: PageRequest) throws -> [Paged<Account>] {
        try reading { db in
            let window = Self.pageWindow(page, column: "\(table).id")
            let rows = try Row.fetchAll(
                db,
                cached: """
                    SELECT \(Self.accountColumns), \(table).id AS cursor FROM \(table) JOIN accounts ON accounts.id = \(table).\(other)
                    WHERE \(table).\(match) = ? \(window.sql) ORDER BY \(table).id DESC LIMIT ?
                    """,
                arguments: StatementArguments([key] + window.arguments + [page.limit])
            )
            return try rows.map { Paged(cursor: $0["cursor"], item: try $0.account()) }
        }
    }

    /// Reads the viewer's follows and journal grants.
    public func relations(of viewer: Account.ID) async throws -> ViewerRelations {
        // One statement, so the follows and the journals shared come from one state of the database.
        try readingOneStatement { db in
            var relations = ViewerRelations(following: [], journalOwners: [])
            try Row.forEach(
                db,
                cached: """
                    SELECT 0, followee_id FROM follows WHERE follower_id = ?
                    UNION ALL SELECT 1, owner_id FROM journal_readers WHERE reader_id = ?
                    """,
                arguments: [viewer.key, viewer.key]
            ) { row in
                let account = Account.ID(integer: row[1])
                if row[0] as Int64 == 0 { relations.following.insert(account) } else { relations.journalOwners.insert(account) }
            }
            return relations
        }
    }

    /// The `AND column < ? AND column > ?` conditions of a page, with their arguments.
    static func pageWindow(_ page: PageRequest, column: String) -> (sql: String, arguments: [Int64]) {
        var sql = ""
        var arguments: [Int64] = []
        if let max = page.maxCursor {
            sql += " AND \(column) < ?"
            arguments.append(max)
        }
        if let since = page.sinceCursor {
            sql += " AND \(column) > ?"
            arguments.append(since)
        }
        return (sql, arguments)
    }
}

extension SQLiteStorage {
    /// Inserts a follow unless it exists.
    static func insertFollow(_ follower: Account.ID, _ followee: Account.ID, at date: Date, in db: Database) throws {
        try db.execute(
            cached: "INSERT INTO follows (follower_id, followee_id, created_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
            arguments: [follower.key, followee.key, date]
        )
    }
}
