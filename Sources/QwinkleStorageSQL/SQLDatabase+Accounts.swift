import Foundation
import QwinkleKit
import QwinkleStorage

extension AccountStore where Self: SQLDatabase {
    /// One statement over the accounts' kept counts and the remote accounts' hosts (PostgreSQL's sums are numeric,
    /// so each is cast back to an integer).
    public func serverStats(activeSince: Date) async throws -> ServerStats {
        try await read { connection in
            try await connection.rows(
                """
                SELECT count(*), CAST(coalesce(sum(CASE WHEN account_stats.last_entry_at >= \(activeSince) THEN 1 ELSE 0 END), 0) AS BIGINT),
                    CAST(coalesce(sum(account_stats.entries), 0) AS BIGINT), (SELECT count(DISTINCT host) FROM remote_accounts)
                FROM accounts JOIN account_stats ON account_stats.account_id = accounts.id
                WHERE NOT EXISTS (SELECT 1 FROM remote_accounts WHERE remote_accounts.account_id = accounts.id)
                """
            ) { row in
                ServerStats(
                    accounts: Int(try row[0] as Int64), activeAccounts: Int(try row[1] as Int64), entries: Int(try row[2] as Int64),
                    domains: Int(try row[3] as Int64)
                )
            }.first ?? ServerStats()
        }
    }

    /// Inserts the account; a unique violation on the username means it is taken.
    public func createAccount(_ account: NewAccount) async throws -> Account {
        let username = account.username.lowercased()
        do {
            return try await write { connection in
                guard let id = try await connection.value(Statements.insertAccount(account), as: Int64.self),
                    let inserted = try await connection.first(Statements.account(id: Account.ID(integer: id)), { try $0.account() })
                else { throw StorageError.notFound("Account \(username)") }
                return inserted
            }
        } catch where isUniqueViolation(error) {
            throw StorageError.usernameTaken(username)
        }
    }

    /// Reads one account.
    public func account(id: Account.ID) async throws -> Account? {
        try await readStatement { connection in try await connection.first(Statements.account(id: id)) { try $0.account() } }
    }

    /// Reads one account by its lowercase username.
    public func account(username: String) async throws -> Account? {
        try await readStatement { connection in
            try await connection.first(Statements.account(username: username.lowercased())) { try $0.account() }
        }
    }

    /// Reads several accounts in one query.
    public func accounts(ids: Set<Account.ID>) async throws -> [Account.ID: Account] {
        guard !ids.isEmpty else { return [:] }
        return try await readStatement { connection in try await connection.accounts(ids: ids) }
    }

    /// Reads each account's counts as the writes keep them (`AccountStatsSQL`).
    public func counts(of ids: Set<Account.ID>) async throws -> [Account.ID: AccountCounts] {
        guard !ids.isEmpty else { return [:] }
        return try await readStatement { connection in
            var counts: [Account.ID: AccountCounts] = [:]
            try await connection.forEach(
                "SELECT account_id, \(raw: AccountStatsSQL.columns) FROM account_stats WHERE account_id IN (\(list: ids.map(\.key)))"
            ) { row in
                counts[Account.ID(integer: try row[0])] = AccountCounts(
                    followers: try row[1], following: try row[2], entries: try row[3], lastEntryAt: try row[4]
                )
            }
            return counts
        }
    }

    /// Reads an account with its password hash.
    public func credentials(username: String) async throws -> (account: Account, passwordHash: String)? {
        try await readStatement { connection in
            try await connection.first(
                "SELECT \(raw: Columns.account), accounts.password_hash FROM accounts WHERE username = \(username.lowercased())"
            ) { (try $0.account(), try $0[Columns.accountCount] as String) }
        }
    }

    /// Updates the given profile fields in one statement: a field left out keeps its value.
    public func updateProfile(of id: Account.ID, _ changes: ProfileChanges) async throws -> Account {
        try await write { connection in
            var assignments: [SQL] = ["id = id"]
            if let displayName = changes.displayName { assignments.append("display_name = \(displayName)") }
            if let bio = changes.bio { assignments.append("bio = \(bio)") }
            if let avatar = changes.avatar { assignments.append("avatar_photo_id = \(avatar.newValue?.key)") }
            if let creature = changes.favoriteCreature { assignments.append("favorite_creature = \(creature.newValue?.rawValue)") }
            if let locked = changes.locked { assignments.append("locked = \(locked ? 1 : 0)") }
            guard let updated = try await connection.first(
                "UPDATE accounts SET \(SQL.joined(assignments, separator: ", ")) WHERE id = \(id.key) RETURNING \(raw: Columns.account)",
                { try $0.account() }
            ) else { throw StorageError.notFound("Account \(id)") }
            return updated
        }
    }

    /// Deletes the account's rows (the schema's cascades take what only points at them) and queues the farewells.
    public func deleteAccount(id: Account.ID, farewells: [NewDelivery], at date: Date) async throws -> DeletedAccount? {
        try await write { connection in
            guard try await connection.returnsRow("SELECT id FROM accounts WHERE id = \(id.key) \(sqlite: "", postgres: "FOR UPDATE")") else {
                return nil
            }
            let tokens = try await connection.rows("SELECT token_hash FROM tokens WHERE account_id = \(id.key)") { try $0[0] as String }
            let photos = try await connection.rows("SELECT DISTINCT sha256 FROM photos WHERE uploader_id = \(id.key)") { try $0[0] as String }
            // Attachments of the account's photos do not cascade (a photo in use is never deleted otherwise), so
            // they go first: on its own entries, and on its messages, which stay in their conversations. Scheduled
            // entries name the account's photos too; the account's row would take them, but only after its photos.
            let statements: [SQL] = [
                "DELETE FROM entry_photos WHERE photo_id IN (SELECT id FROM photos WHERE uploader_id = \(id.key))",
                "DELETE FROM message_photos WHERE photo_id IN (SELECT id FROM photos WHERE uploader_id = \(id.key))",
                "UPDATE accounts SET avatar_photo_id = NULL WHERE id = \(id.key)",
                "DELETE FROM entries WHERE author_id = \(id.key)",
                "DELETE FROM scheduled_entries WHERE author_id = \(id.key)",
                "DELETE FROM photos WHERE uploader_id = \(id.key)",
                "DELETE FROM accounts WHERE id = \(id.key)",
            ]
            for statement in statements { try await connection.execute(statement) }
            if !farewells.isEmpty { try await connection.insertDeliveries(farewells, at: date) }
            return DeletedAccount(tokenHashes: tokens, photoHashes: Set(photos))
        }
    }

    /// Replaces the hash and deletes the other tokens.
    public func changePasswordHash(of id: Account.ID, to passwordHash: String, keepingTokenHash: String?) async throws -> [String] {
        try await write { connection in
            guard try await connection.returnsRow("UPDATE accounts SET password_hash = \(passwordHash) WHERE id = \(id.key) RETURNING id") else {
                throw StorageError.notFound("Account \(id)")
            }
            return try await connection.rows(
                """
                DELETE FROM tokens WHERE account_id = \(id.key) AND token_hash IS \(sqlite: "NOT", postgres: "DISTINCT FROM") \(keepingTokenHash)
                RETURNING token_hash
                """
            ) { try $0[0] as String }
        }
    }
}

extension SQLConnection {
    /// Several accounts by ID, in one statement.
    public func accounts(ids: Set<Account.ID>) async throws -> [Account.ID: Account] {
        guard !ids.isEmpty else { return [:] }
        var accounts: [Account.ID: Account] = [:]
        try await forEach("SELECT \(raw: Columns.account) FROM accounts WHERE id IN (\(list: ids.map(\.key)))") { row in
            let account = try row.account()
            accounts[account.id] = account
        }
        return accounts
    }
}

extension SessionStore where Self: SQLDatabase {
    /// Inserts the token hash, last used as it is made.
    public func storeToken(hash: String, for account: Account.ID, createdAt: Date, client: String) async throws {
        try await write { connection in try await connection.execute(Statements.insertToken(hash: hash, for: account, createdAt: createdAt, client: client)) }
    }

    /// Finds the token's account.
    public func account(tokenHash: String) async throws -> (account: Account, lastUsedAt: Date)? {
        try await readStatement { connection in
            try await connection.first(Statements.tokenAccount(hash: tokenHash)) { (try $0.account(), try $0[Columns.accountCount] as Date) }
        }
    }

    /// Moves the token's last use forward.
    public func recordTokenUse(hash: String, at date: Date) async throws {
        try await write { connection in
            try await connection.execute("UPDATE tokens SET last_used_at = \(date) WHERE token_hash = \(hash) AND last_used_at < \(date)")
        }
    }

    /// Deletes the token.
    public func deleteToken(hash: String) async throws {
        try await write { connection in try await connection.execute("DELETE FROM tokens WHERE token_hash = \(hash)") }
    }

    /// Reads the account's tokens, without their hashes.
    public func sessions(of account: Account.ID, currentTokenHash: String?) async throws -> [LoginSession] {
        try await readStatement { connection in
            try await connection.rows(
                """
                SELECT id, token_hash, client, created_at, last_used_at, scopes FROM tokens WHERE account_id = \(account.key)
                ORDER BY last_used_at DESC, id DESC
                """
            ) { row in
                LoginSession(
                    id: LoginSession.ID(integer: try row[0]), client: try row[2], createdAt: try row[3], lastUsedAt: try row[4],
                    isCurrent: try row[1] as String == currentTokenHash, appScopes: (try row[5] as String?).flatMap(OAuthScopes.init)
                )
            }
        }
    }

    /// Deletes one of the account's tokens by its ID.
    public func deleteSession(_ id: LoginSession.ID, of account: Account.ID) async throws -> String? {
        guard let key = id.integerValue else { return nil }
        return try await write { connection in
            try await connection.value("DELETE FROM tokens WHERE id = \(key) AND account_id = \(account.key) RETURNING token_hash", as: String.self)
        }
    }
}
