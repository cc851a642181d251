import Foundation
import PostgresNIO
import QwinkleKit
import QwinkleStorage
import QwinkleStorageSQL

extension PostgresStorage: AccountStore {
    /// Inserts the account; a unique violation on the username means it is taken.
    public func createAccount(_ account: NewAccount) async throws -> Account {
        let username = account.username.lowercased()
        do {
            return try await writing { connection in
                let inserted = try await connection.query(
                    """
                    INSERT INTO accounts (username, email, password_hash, created_at)
                    VALUES (\(username), \(account.email), \(account.passwordHash), \(account.createdAt.toMilliseconds))
                    RETURNING \(unescaped: Self.accountColumns)
                    """,
                    logger: logger
                ).first { try $0.account() }
                guard let inserted else { throw StorageError.notFound("Account \(username)") }
                return inserted
            }
        } catch let error where PostgresFailure.sqlState(of: error) == "23505" {
            throw StorageError.usernameTaken(username)
        }
    }

    /// Reads one account.
    public func account(id: Account.ID) async throws -> Account? {
        try await reading { connection in
            try await connection.run(AccountByID.self, logger: logger, binding: { $0.append(id.key) }) { try $0.account() }.first
        }
    }

    /// Reads one account by its lowercase username.
    public func account(username: String) async throws -> Account? {
        try await reading { connection in
            try await connection.run(AccountByUsername.self, logger: logger, binding: { $0.append(username.lowercased()) }) {
                try $0.account()
            }.first
        }
    }

    /// Reads several accounts in one query.
    public func accounts(ids: Set<Account.ID>) async throws -> [Account.ID: Account] {
        guard !ids.isEmpty else { return [:] }
        return try await reading { connection in try await accounts(ids: ids, on: connection) }
    }

    /// Several accounts by ID, in one query on `connection`.
    func accounts(ids: Set<Account.ID>, on connection: PostgresConnection) async throws -> [Account.ID: Account] {
        guard !ids.isEmpty else { return [:] }
        let accounts = try await connection.run(AccountsByID.self, logger: logger, binding: { $0.append(ids.map(\.key)) }) { try $0.account() }
        return Dictionary(uniqueKeysWithValues: accounts.map { ($0.id, $0) })
    }

    /// Reads each account's counts as the writes keep them (`AccountStatsSQL`).
    public func counts(of ids: Set<Account.ID>) async throws -> [Account.ID: AccountCounts] {
        guard !ids.isEmpty else { return [:] }
        let keys = ids.map(\.key)
        return try await reading { connection in
            var counts: [Account.ID: AccountCounts] = [:]
            for try await (id, followers, following, entries, last) in try await connection.query(
                """
                SELECT account_id, \(unescaped: AccountStatsSQL.columns)
                FROM account_stats WHERE account_id = ANY(\(keys))
                """,
                logger: logger
            ).decode((Int64, Int64, Int64, Int64, Date?).self) {
                counts[Account.ID(integer: id)] = AccountCounts(
                    followers: Int(followers), following: Int(following), entries: Int(entries), lastEntryAt: last?.toMilliseconds
                )
            }
            return counts
        }
    }

    /// Reads an account with its password hash.
    public func credentials(username: String) async throws -> (account: Account, passwordHash: String)? {
        try await reading { connection in
            try await connection.query(
                """
                SELECT \(unescaped: Self.accountColumns), accounts.password_hash FROM accounts
                WHERE username = \(username.lowercased())
                """,
                logger: logger
            ).first { row in
                let (id, username, displayName, bio, avatar, creature, createdAt, hash) =
                    try row.decode((Int64, String, String, String, Int64?, String?, Date, String).self)
                return (try Account(columns: (id, username, displayName, bio, avatar, creature, createdAt)), hash)
            }
        }
    }

    /// Updates the given profile fields in one statement: a field left out keeps its value.
    public func updateProfile(of id: Account.ID, _ changes: ProfileChanges) async throws -> Account {
        try await writing { connection in
            let updated = try await connection.query(
                """
                UPDATE accounts SET
                    display_name = coalesce(\(changes.displayName), display_name),
                    bio = coalesce(\(changes.bio), bio),
                    avatar_photo_id = CASE WHEN \(changes.avatar != nil) THEN \(changes.avatar?.newValue?.key) ELSE avatar_photo_id END,
                    favorite_creature = CASE WHEN \(changes.favoriteCreature != nil) THEN \(changes.favoriteCreature?.newValue?.rawValue)
                        ELSE favorite_creature END
                WHERE id = \(id.key)
                RETURNING \(unescaped: Self.accountColumns)
                """,
                logger: logger
            ).first { try $0.account() }
            guard let updated else { throw StorageError.notFound("Account \(id)") }
            return updated
        }
    }
}

extension PostgresStorage {
    /// Replaces the hash and deletes the other tokens.
    public func changePasswordHash(of id: Account.ID, to passwordHash: String, keepingTokenHash: String?) async throws -> [String] {
        try await writing { connection in
            let found = try await connection.query(
                "UPDATE accounts SET password_hash = \(passwordHash) WHERE id = \(id.key) RETURNING id", logger: logger
            ).first { try $0.decode(Int64.self) }
            guard found != nil else { throw StorageError.notFound("Account \(id)") }
            return try await connection.query(
                "DELETE FROM tokens WHERE account_id = \(id.key) AND token_hash IS DISTINCT FROM \(keepingTokenHash) RETURNING token_hash",
                logger: logger
            ).map { try $0.decode(String.self) }
        }
    }

    /// Deletes the account's rows (the schema's cascades take what only points at them) and queues the farewells.
    public func deleteAccount(id: Account.ID, farewells: [NewDelivery], at date: Date) async throws -> DeletedAccount? {
        try await writing { connection in
            let found = try await connection.query("SELECT id FROM accounts WHERE id = \(id.key) FOR UPDATE", logger: logger)
                .first { try $0.decode(Int64.self) }
            guard found != nil else { return nil }
            let tokens = try await connection.query("SELECT token_hash FROM tokens WHERE account_id = \(id.key)", logger: logger)
                .map { try $0.decode(String.self) }
            let photos = try await connection.query("SELECT DISTINCT sha256 FROM photos WHERE uploader_id = \(id.key)", logger: logger)
                .map { try $0.decode(String.self) }
            // Attachments of the account's photos do not cascade (a photo in use is never deleted otherwise), so
            // they go first: on its own entries, and on its messages, which stay in their conversations.
            try await connection.execute(
                "DELETE FROM entry_photos WHERE photo_id IN (SELECT id FROM photos WHERE uploader_id = \(id.key))", logger: logger
            )
            try await connection.execute(
                "DELETE FROM message_photos WHERE photo_id IN (SELECT id FROM photos WHERE uploader_id = \(id.key))", logger: logger
            )
            try await connection.execute("UPDATE accounts SET avatar_photo_id = NULL WHERE id = \(id.key)", logger: logger)
            try await connection.execute("DELETE FROM entries WHERE author_id = \(id.key)", logger: logger)
            // Scheduled entries name the account's photos too; the account's row would take them, but only after
            // its photos, which they still name.
            try await connection.execute("DELETE FROM scheduled_entries WHERE author_id = \(id.key)", logger: logger)
            try await connection.execute("DELETE FROM photos WHERE uploader_id = \(id.key)", logger: logger)
            try await connection.execute("DELETE FROM accounts WHERE id = \(id.key)", logger: logger)
            try await insertDeliveries(farewells, at: date, on: connection)
            return DeletedAccount(tokenHashes: tokens, photoHashes: Set(photos))
        }
    }
}

extension PostgresStorage: SessionStore {
    /// Inserts the token hash.
    public func storeToken(hash: String, for account: Account.ID, createdAt: Date, client: String) async throws {
        let time = createdAt.toMilliseconds
        try await writing { connection in
            try await connection.execute(
                """
                INSERT INTO tokens (token_hash, account_id, created_at, last_used_at, client)
                VALUES (\(hash), \(account.key), \(time), \(time), \(client))
                """,
                logger: logger
            )
        }
    }

    /// Finds the token's account.
    public func account(tokenHash: String) async throws -> (account: Account, lastUsedAt: Date)? {
        try await reading { connection in
            try await connection.run(TokenAccount.self, logger: logger, binding: { $0.append(tokenHash) }) { row in
                (try row.account(), try PostgresRandomAccessRow(row)[accountColumnCount].decode(Date.self).toMilliseconds)
            }.first
        }
    }

    /// Moves the token's last use forward.
    public func recordTokenUse(hash: String, at date: Date) async throws {
        let time = date.toMilliseconds
        try await writing { connection in
            try await connection.execute(
                "UPDATE tokens SET last_used_at = \(time) WHERE token_hash = \(hash) AND last_used_at < \(time)", logger: logger
            )
        }
    }

    /// Deletes the token.
    public func deleteToken(hash: String) async throws {
        try await writing { connection in
            try await connection.execute("DELETE FROM tokens WHERE token_hash = \(hash)", logger: logger)
        }
    }

    /// Reads the account's tokens, without their hashes.
    public func sessions(of account: Account.ID, currentTokenHash: String?) async throws -> [LoginSession] {
        try await reading { connection in
            try await connection.query(
                """
                SELECT id, token_hash, client, created_at, last_used_at, scopes FROM tokens WHERE account_id = \(account.key)
                ORDER BY last_used_at DESC, id DESC
                """,
                logger: logger
            ).map { row in
                let (id, hash, client, createdAt, lastUsedAt, scopes) = try row.decode((Int64, String, String, Date, Date, String?).self)
                return LoginSession(
                    id: LoginSession.ID(integer: id), client: client, createdAt: createdAt.toMilliseconds,
                    lastUsedAt: lastUsedAt.toMilliseconds, isCurrent: hash == currentTokenHash, appScopes: scopes.flatMap(OAuthScopes.init)
                )
            }
        }
    }

    /// Deletes one of the account's tokens by its ID.
    public func deleteSession(_ id: LoginSession.ID, of account: Account.ID) async throws -> String? {
        guard let key = id.integerValue else { return nil }
        return try await writing { connection in
            try await connection.query(
                "DELETE FROM tokens WHERE id = \(key) AND account_id = \(account.key) RETURNING token_hash", logger: logger
            ).first { try $0.decode(String.self) }
        }
    }
}
