import Foundation
import QwinkleKit
import QwinkleStorage

extension FollowStore where Self: SQLDatabase {
    /// Inserts the follow unless it exists; only a new one tells the followee.
    public func follow(_ follower: Account.ID, _ followee: Account.ID, at date: Date) async throws {
        try await write { connection in
            try await connection.lock(.follows)
            // Only a follow that is new tells anyone: following twice notifies once.
            if try await connection.returnsRow(Statements.insertFollow(follower, followee, at: date)) {
                try await connection.insertNotification(to: followee, .followed, by: follower, at: date)
            }
        }
    }

    /// Deletes the follow if it exists.
    public func unfollow(_ follower: Account.ID, _ followee: Account.ID) async throws {
        try await write { connection in
            try await connection.execute("DELETE FROM follows WHERE follower_id = \(follower.key) AND followee_id = \(followee.key)")
        }
    }

    /// Looks the follow up.
    public func isFollowing(_ follower: Account.ID, _ followee: Account.ID) async throws -> Bool {
        try await readStatement { connection in
            try await connection.returnsRow("SELECT 1 FROM follows WHERE follower_id = \(follower.key) AND followee_id = \(followee.key)")
        }
    }

    /// Pages through the followee's follows.
    public func followers(of account: Account.ID, page: PageRequest) async throws -> [Paged<Account>] {
        try await readStatement { connection in
            try await connection.accountPage(through: "follows", match: "followee_id", other: "follower_id", key: account.key, page: page)
        }
    }

    /// Pages through the follower's follows.
    public func following(of account: Account.ID, page: PageRequest) async throws -> [Paged<Account>] {
        try await readStatement { connection in
            try await connection.accountPage(through: "follows", match: "follower_id", other: "followee_id", key: account.key, page: page)
        }
    }

    /// Reads all the viewer's relations in one statement, so they come from one state of the database.
    public func relations(of viewer: Account.ID, at date: Date) async throws -> ViewerRelations {
        try await readStatement { connection in
            var relations = ViewerRelations()
            try await connection.forEach(
                """
                SELECT 0, followee_id FROM follows WHERE follower_id = \(viewer.key)
                UNION ALL SELECT 1, owner_id FROM journal_readers WHERE reader_id = \(viewer.key)
                UNION ALL SELECT 2, blocked_id FROM blocks WHERE blocker_id = \(viewer.key)
                UNION ALL SELECT 3, blocker_id FROM blocks WHERE blocked_id = \(viewer.key)
                UNION ALL SELECT 4 + notifications, muted_id FROM mutes
                    WHERE muter_id = \(viewer.key) AND (expires_at IS NULL OR expires_at > \(date))
                UNION ALL SELECT 6, remote_accounts.account_id FROM account_domain_blocks JOIN remote_accounts
                    ON remote_accounts.host = account_domain_blocks.domain OR remote_accounts.host LIKE '%.' || account_domain_blocks.domain
                    WHERE account_domain_blocks.account_id = \(viewer.key)
                UNION ALL SELECT CASE WHEN standing = 'limited' THEN 7 ELSE 8 END, id FROM accounts WHERE standing IS NOT NULL
                """
            ) { row in
                let account = Account.ID(integer: try row[1])
                switch try row[0] as Int64 {
                case 0: relations.following.insert(account)
                case 1: relations.journalOwners.insert(account)
                case 2: relations.blocking.insert(account)
                case 3: relations.blockedBy.insert(account)
                case 6: relations.domainBlocked.insert(account)
                case 7: relations.limited.insert(account)
                case 8: relations.suspended.insert(account)
                default: relations.muting[account] = try row[0] as Int64 == 5
                }
            }
            return relations
        }
    }
}

extension FollowStore where Self: SQLDatabase {
    /// Reads the pair's facts with one row of subqueries, each an indexed lookup.
    public func pairFacts(of me: Account.ID, with other: Account.ID, at date: Date) async throws -> PairFacts {
        let (a, b) = (me.key, other.key)
        return try await readStatement { connection in
            try await connection.first(
                """
                SELECT CASE WHEN EXISTS (SELECT 1 FROM follows WHERE follower_id = \(b) AND followee_id = \(a)) THEN 1 ELSE 0 END,
                    CASE WHEN EXISTS (SELECT 1 FROM follow_requests WHERE requester_id = \(a) AND target_id = \(b)) THEN 1 ELSE 0 END,
                    CASE WHEN EXISTS (SELECT 1 FROM follow_requests WHERE requester_id = \(b) AND target_id = \(a)) THEN 1 ELSE 0 END,
                    mutes.notifications, mutes.expires_at, account_notes.note
                FROM (SELECT 1 AS one) AS pair
                LEFT JOIN mutes ON mutes.muter_id = \(a) AND mutes.muted_id = \(b) AND (mutes.expires_at IS NULL OR mutes.expires_at > \(date))
                LEFT JOIN account_notes ON account_notes.account_id = \(a) AND account_notes.target_id = \(b)
                """
            ) { row in
                let notifications: Int64? = try row[3]
                let expiresAt: Date? = try row[4]
                let note: String? = try row[5]
                return PairFacts(
                    followedBy: try row[0] as Int64 == 1, requested: try row[1] as Int64 == 1, requestedBy: try row[2] as Int64 == 1,
                    mute: notifications.map { Mute(notifications: $0 == 1, expiresAt: expiresAt?.toMilliseconds) }, note: note ?? ""
                )
            } ?? PairFacts()
        }
    }

    /// Replaces the note in one statement, or deletes it when it is empty.
    public func setNote(_ note: String, on other: Account.ID, by me: Account.ID, at date: Date) async throws {
        try await write { connection in
            if note.isEmpty {
                try await connection.execute("DELETE FROM account_notes WHERE account_id = \(me.key) AND target_id = \(other.key)")
            } else {
                try await connection.execute(
                    """
                    INSERT INTO account_notes (account_id, target_id, note, updated_at) VALUES (\(me.key), \(other.key), \(note), \(date))
                    ON CONFLICT (account_id, target_id) DO UPDATE SET note = excluded.note, updated_at = excluded.updated_at
                    """
                )
            }
        }
    }
}

extension JournalStore where Self: SQLDatabase {
    /// Inserts the grant unless it exists; only a new one tells the reader.
    public func addJournalReader(owner: Account.ID, reader: Account.ID, at date: Date) async throws {
        try await write { connection in
            if try await connection.returnsRow(Statements.insertJournalReader(owner: owner, reader: reader, at: date)) {
                try await connection.insertNotification(to: reader, .journalShared, by: owner, at: date)
            }
        }
    }

    /// Deletes the grant; a grant that was there tells the reader.
    public func removeJournalReader(owner: Account.ID, reader: Account.ID, at date: Date) async throws -> Bool {
        try await write { connection in
            let removed = try await connection.returnsRow(
                "DELETE FROM journal_readers WHERE owner_id = \(owner.key) AND reader_id = \(reader.key) RETURNING 1"
            )
            if removed { try await connection.insertNotification(to: reader, .journalUnshared, by: owner, at: date) }
            return removed
        }
    }

    /// Lists the readers by username.
    public func journalReaders(owner: Account.ID) async throws -> [Account] {
        try await read { connection in
            try await connection.rows(
                """
                SELECT \(raw: Columns.account) FROM journal_readers JOIN accounts ON accounts.id = journal_readers.reader_id
                WHERE journal_readers.owner_id = \(owner.key) ORDER BY accounts.username
                """
            ) { try $0.account() }
        }
    }
}

extension MarkStore where Self: SQLDatabase {
    /// Inserts the mark unless it exists, after checking in the same transaction that the entry exists outside the
    /// trash; the entry's row is locked against a purge until the mark is in.
    public func mark(_ entry: Entry.ID, by account: Account.ID, at date: Date) async throws {
        try await write { connection in
            try await connection.lock(.marks)
            let author = try await connection.value(
                """
                SELECT author_id FROM entries WHERE id = \(entry.key) AND \(raw: EntryPlace.outsideTrash.condition(on: "entries.id"))
                \(sqlite: "", postgres: "FOR SHARE")
                """,
                as: Int64.self
            )
            guard let author else { throw StorageError.notFound("Entry \(entry)") }
            let isNew = try await connection.returnsRow(
                """
                INSERT INTO marks (account_id, entry_id, created_at) VALUES (\(account.key), \(entry.key), \(date))
                ON CONFLICT DO NOTHING RETURNING 1
                """
            )
            // Only a mark that is new tells the author: marking twice notifies once.
            if isNew { try await connection.insertNotification(to: Account.ID(integer: author), .marked, by: account, entry: entry, at: date) }
        }
    }

    /// Deletes the mark.
    public func unmark(_ entry: Entry.ID, by account: Account.ID) async throws {
        try await write { connection in
            try await connection.execute("DELETE FROM marks WHERE account_id = \(account.key) AND entry_id = \(entry.key)")
        }
    }

    /// Pages through the entry's marks.
    public func markers(of entry: Entry.ID, page: PageRequest) async throws -> [Paged<Account>] {
        try await read { connection in
            try await connection.accountPage(through: "marks", match: "entry_id", other: "account_id", key: entry.key, page: page)
        }
    }
}
