import Foundation
import QwinkleKit
import QwinkleStorage

extension BlockStore where Self: SQLDatabase {
    /// Inserts the block and, in the same transaction, deletes every follow and journal grant between the two.
    public func block(_ blocked: Account.ID, by blocker: Account.ID, at date: Date) async throws -> Bool {
        try await write { connection in
            try await connection.lock(.blocks)
            let isNew = try await connection.returnsRow(
                """
                INSERT INTO blocks (blocker_id, blocked_id, created_at) VALUES (\(blocker.key), \(blocked.key), \(date))
                ON CONFLICT DO NOTHING RETURNING 1
                """
            )
            let (a, b) = (blocker.key, blocked.key)
            try await connection.execute(
                "DELETE FROM follows WHERE (follower_id = \(a) AND followee_id = \(b)) OR (follower_id = \(b) AND followee_id = \(a))"
            )
            try await connection.execute(
                "DELETE FROM journal_readers WHERE (owner_id = \(a) AND reader_id = \(b)) OR (owner_id = \(b) AND reader_id = \(a))"
            )
            try await connection.execute(
                "DELETE FROM follow_requests WHERE (requester_id = \(a) AND target_id = \(b)) OR (requester_id = \(b) AND target_id = \(a))"
            )
            // A follow from elsewhere is kept by its actor's address: whichever of the two is elsewhere no longer follows.
            try await connection.execute(
                """
                DELETE FROM remote_followers
                WHERE (account_id = \(a) AND actor_url IN (SELECT actor_url FROM remote_accounts WHERE account_id = \(b)))
                    OR (account_id = \(b) AND actor_url IN (SELECT actor_url FROM remote_accounts WHERE account_id = \(a)))
                """
            )
            return isNew
        }
    }

    /// Deletes the block.
    public func unblock(_ blocked: Account.ID, by blocker: Account.ID) async throws -> Bool {
        try await write { connection in
            try await connection.returnsRow(
                "DELETE FROM blocks WHERE blocker_id = \(blocker.key) AND blocked_id = \(blocked.key) RETURNING 1"
            )
        }
    }

    /// Pages through the blocker's blocks.
    public func blocks(by blocker: Account.ID, page: PageRequest) async throws -> [Paged<Account>] {
        try await readStatement { connection in
            try await connection.accountPage(through: "blocks", match: "blocker_id", other: "blocked_id", key: blocker.key, page: page)
        }
    }

    /// Inserts the mute or replaces the one there was; a replaced mute keeps its place in the list.
    public func mute(_ muted: Account.ID, by muter: Account.ID, _ mute: Mute, at date: Date) async throws {
        try await write { connection in
            try await connection.lock(.blocks)
            try await connection.execute(
                """
                INSERT INTO mutes (muter_id, muted_id, notifications, expires_at, created_at)
                VALUES (\(muter.key), \(muted.key), \(mute.notifications ? 1 : 0), \(mute.expiresAt?.toMilliseconds), \(date))
                ON CONFLICT (muter_id, muted_id) DO UPDATE SET notifications = excluded.notifications, expires_at = excluded.expires_at
                """
            )
        }
    }

    /// Deletes the mute; one that had expired is deleted too, but counts as none.
    public func unmute(_ muted: Account.ID, by muter: Account.ID, at date: Date) async throws -> Bool {
        try await write { connection in
            // Whether it still held is the database's comparison, as every read of mutes makes it.
            try await connection.value(
                """
                DELETE FROM mutes WHERE muter_id = \(muter.key) AND muted_id = \(muted.key)
                RETURNING CASE WHEN expires_at IS NULL OR expires_at > \(date) THEN 1 ELSE 0 END
                """,
                as: Int64.self
            ) == 1
        }
    }

    /// Pages through the muter's mutes that hold at `date`.
    public func mutes(by muter: Account.ID, page: PageRequest, at date: Date) async throws -> [Paged<MutedAccount>] {
        try await readStatement { connection in
            try await connection.rows(
                """
                SELECT \(raw: Columns.account), mutes.id, mutes.notifications, mutes.expires_at
                FROM mutes JOIN accounts ON accounts.id = mutes.muted_id
                WHERE mutes.muter_id = \(muter.key) AND (mutes.expires_at IS NULL OR mutes.expires_at > \(date))\(SQL.pageWindow(page, column: "mutes.id"))
                ORDER BY mutes.id DESC LIMIT \(page.limit)
                """
            ) { row in
                let expiresAt: Date? = try row[Columns.accountCount + 2]
                let mute = Mute(notifications: try row[Columns.accountCount + 1] as Int64 == 1, expiresAt: expiresAt?.toMilliseconds)
                return Paged(cursor: try row[Columns.accountCount], item: MutedAccount(account: try row.account(), mute: mute))
            }
        }
    }

    /// Inserts the block and deletes the follows of the account by that server's people (kept by their host).
    public func blockDomain(_ domain: String, by account: Account.ID, at date: Date) async throws -> Bool {
        let pattern = RemoteHost.subdomainPattern(of: domain)
        return try await write { connection in
            try await connection.lock(.blocks)
            let isNew = try await connection.returnsRow(
                """
                INSERT INTO account_domain_blocks (account_id, domain, created_at) VALUES (\(account.key), \(domain), \(date))
                ON CONFLICT DO NOTHING RETURNING 1
                """
            )
            try await connection.execute(
                "DELETE FROM remote_followers WHERE account_id = \(account.key) AND (host = \(domain) OR host LIKE \(pattern) ESCAPE '\\')"
            )
            return isNew
        }
    }

    /// Deletes the block.
    public func unblockDomain(_ domain: String, by account: Account.ID) async throws -> Bool {
        try await write { connection in
            try await connection.returnsRow(
                "DELETE FROM account_domain_blocks WHERE account_id = \(account.key) AND domain = \(domain) RETURNING 1"
            )
        }
    }

    /// Pages through the account's blocked servers.
    public func domainBlocks(by account: Account.ID, page: PageRequest) async throws -> [Paged<String>] {
        try await readStatement { connection in
            try await connection.rows(
                """
                SELECT domain, id FROM account_domain_blocks
                WHERE account_id = \(account.key)\(SQL.pageWindow(page, column: "id")) ORDER BY id DESC LIMIT \(page.limit)
                """
            ) { Paged(cursor: try $0[1], item: try $0[0]) }
        }
    }
}
