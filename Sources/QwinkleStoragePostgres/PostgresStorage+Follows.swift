import Foundation
import PostgresNIO
import QwinkleKit
import QwinkleStorage

extension PostgresStorage: FollowStore {
    /// Inserts the follow unless it exists.
    public func follow(_ follower: Account.ID, _ followee: Account.ID, at date: Date) async throws {
        try await writing { connection in
            try await lock(.follows, on: connection)
            let isNew = try await connection.query(
                """
                INSERT INTO follows (follower_id, followee_id, created_at) VALUES (\(follower.key), \(followee.key), \(date.toMilliseconds))
                ON CONFLICT DO NOTHING RETURNING 1
                """,
                logger: logger
            ).first { _ in true } ?? false
            // Only a follow that is new tells anyone: following twice notifies once.
            if isNew { try await insertNotification(to: followee, .followed, by: follower, at: date, on: connection) }
        }
    }

    /// Deletes the follow if it exists.
    public func unfollow(_ follower: Account.ID, _ followee: Account.ID) async throws {
        try await writing { connection in
            try await connection.execute(
                "DELETE FROM follows WHERE follower_id = \(follower.key) AND followee_id = \(followee.key)", logger: logger
            )
        }
    }

    /// Looks the follow up.
    public func isFollowing(_ follower: Account.ID, _ followee: Account.ID) async throws -> Bool {
        try await reading { connection in
            try await connection.query(
                "SELECT 1 FROM follows WHERE follower_id = \(follower.key) AND followee_id = \(followee.key)", logger: logger
            ).first { _ in true } ?? false
        }
    }

    /// Pages through the followee's follows.
    public func followers(of account: Account.ID, page: PageRequest) async throws -> [Paged<Account>] {
        try await accountPage(through: "follows", match: "followee_id", other: "follower_id", key: account.key, page: page)
    }

    /// Pages through the follower's follows.
    public func following(of account: Account.ID, page: PageRequest) async throws -> [Paged<Account>] {
        try await accountPage(through: "follows", match: "follower_id", other: "followee_id", key: account.key, page: page)
    }

    /// A page of the accounts named by `other` in the rows of `table` whose `match` is `key`, newest row first; the
    /// cursor is the row's own sequence. Follows and marks are both read this way.
    func accountPage(through table: String, match: String, other: String, key: Int64, page: PageRequest) async throws -> [Paged<Account>] {
        try await reading { connection in
            try await connection.query(
                """
                SELECT \(unescaped: Self.accountColumns), \(unescaped: table).id FROM \(unescaped: table)
                JOIN accounts ON accounts.id = \(unescaped: table).\(unescaped: other)
                WHERE \(unescaped: table).\(unescaped: match) = \(key) AND \(unescaped: table).id < \(page.maxCursor ?? .max)
                    AND \(unescaped: table).id > \(page.sinceCursor ?? 0)
                ORDER BY \(unescaped: table).id DESC LIMIT \(page.limit)
                """,
                logger: logger
            ).map { row in
                let (id, username, displayName, bio, avatar, creature, createdAt, cursor) =
                    try row.decode((Int64, String, String, String, Int64?, String?, Date, Int64).self)
                return Paged(cursor: cursor, item: try Account(columns: (id, username, displayName, bio, avatar, creature, createdAt)))
            }
        }
    }

    /// Reads the viewer's follows and journal grants in one query.
    public func relations(of viewer: Account.ID) async throws -> ViewerRelations {
        try await reading { connection in
            let (following, owners) = try await connection.query(
                """
                SELECT ARRAY(SELECT followee_id FROM follows WHERE follower_id = \(viewer.key)),
                    ARRAY(SELECT owner_id FROM journal_readers WHERE reader_id = \(viewer.key))
                """,
                logger: logger
            ).first { try $0.decode(([Int64], [Int64]).self) } ?? ([], [])
            return ViewerRelations(
                following: Set(following.map(Account.ID.init(integer:))), journalOwners: Set(owners.map(Account.ID.init(integer:)))
            )
        }
    }
}

extension PostgresStorage: JournalStore {
    /// Inserts the grant unless it exists.
    public func addJournalReader(owner: Account.ID, reader: Account.ID, at date: Date) async throws {
        try await writing { connection in
            let isNew = try await connection.query(
                """
                INSERT INTO journal_readers (owner_id, reader_id, created_at) VALUES (\(owner.key), \(reader.key), \(date.toMilliseconds))
                ON CONFLICT DO NOTHING RETURNING 1
                """,
                logger: logger
            ).first { _ in true } ?? false
            if isNew { try await insertNotification(to: reader, .journalShared, by: owner, at: date, on: connection) }
        }
    }

    /// Deletes the grant.
    public func removeJournalReader(owner: Account.ID, reader: Account.ID, at date: Date) async throws -> Bool {
        try await writing { connection in
            let removed = try await connection.query(
                "DELETE FROM journal_readers WHERE owner_id = \(owner.key) AND reader_id = \(reader.key) RETURNING 1", logger: logger
            ).first { _ in true } ?? false
            if removed { try await insertNotification(to: reader, .journalUnshared, by: owner, at: date, on: connection) }
            return removed
        }
    }

    /// Lists the readers by username.
    public func journalReaders(owner: Account.ID) async throws -> [Account] {
        try await reading { connection in
            try await connection.query(
                """
                SELECT \(unescaped: Self.accountColumns) FROM journal_readers JOIN accounts ON accounts.id = journal_readers.reader_id
                WHERE journal_readers.owner_id = \(owner.key) ORDER BY accounts.username
                """,
                logger: logger
            ).map { try $0.account() }
        }
    }
}

extension PostgresStorage: MarkStore {
    /// Inserts the mark unless it exists, after checking in the same transaction that the entry exists outside the
    /// trash; the entry's row is locked against a purge until the mark is in.
    public func mark(_ entry: Entry.ID, by account: Account.ID, at date: Date) async throws {
        try await writing { connection in
            try await lock(.marks, on: connection)
            let author = try await connection.query(
                "SELECT author_id FROM entries WHERE id = \(entry.key) AND \(unescaped: EntryPlace.outsideTrash.condition(on: "entries.id")) FOR SHARE",
                logger: logger
            ).first { try $0.decode(Int64.self) }
            guard let author else { throw StorageError.notFound("Entry \(entry)") }
            let isNew = try await connection.query(
                """
                INSERT INTO marks (account_id, entry_id, created_at) VALUES (\(account.key), \(entry.key), \(date.toMilliseconds))
                ON CONFLICT DO NOTHING RETURNING 1
                """,
                logger: logger
            ).first { _ in true } ?? false
            // Only a mark that is new tells the author: marking twice notifies once.
            if isNew { try await insertNotification(to: Account.ID(integer: author), .marked, by: account, entry: entry, at: date, on: connection) }
        }
    }

    /// Deletes the mark.
    public func unmark(_ entry: Entry.ID, by account: Account.ID) async throws {
        try await writing { connection in
            try await connection.execute("DELETE FROM marks WHERE account_id = \(account.key) AND entry_id = \(entry.key)", logger: logger)
        }
    }

    /// Looks the marks of entries outside the trash up in one query.
    public func markedEntries(among entries: Set<Entry.ID>, by account: Account.ID) async throws -> Set<Entry.ID> {
        guard !entries.isEmpty else { return [] }
        return try await reading { connection in try await markedEntries(among: entries, by: account, on: connection) }
    }

    /// Which of these entries outside the trash the account marked, in one query on `connection`.
    func markedEntries(among entries: Set<Entry.ID>, by account: Account.ID, on connection: PostgresConnection) async throws -> Set<Entry.ID> {
        guard !entries.isEmpty else { return [] }
        return Set(try await connection.run(MarkedAmong.self, logger: logger, binding: { bindings in
            bindings.append(account.key)
            bindings.append(entries.map(\.key))
        }) { Entry.ID(integer: try $0.decode(Int64.self)) })
    }

    /// Pages through the entry's marks.
    public func markers(of entry: Entry.ID, page: PageRequest) async throws -> [Paged<Account>] {
        try await accountPage(through: "marks", match: "entry_id", other: "account_id", key: entry.key, page: page)
    }
}
