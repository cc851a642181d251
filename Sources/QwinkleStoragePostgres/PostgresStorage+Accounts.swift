import Foundation
import PostgresNIO
import QwinkleKit
import QwinkleStorage

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
        let accounts = try await reading { connection in
            try await connection.run(AccountsByID.self, logger: logger, binding: { $0.append(ids.map(\.key)) }) { try $0.account() }
        }
        return Dictionary(uniqueKeysWithValues: accounts.map { ($0.id, $0) })
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

extension PostgresStorage: SessionStore {
    /// Inserts the token hash.
    public func storeToken(hash: String, for account: Account.ID, createdAt: Date) async throws {
        try await writing { connection in
            try await connection.execute(
                "INSERT INTO tokens (token_hash, account_id, created_at) VALUES (\(hash), \(account.key), \(createdAt.toMilliseconds))", logger: logger
            )
        }
    }

    /// Finds the token's account.
    public func account(tokenHash: String) async throws -> Account? {
        try await reading { connection in
            try await connection.run(TokenAccount.self, logger: logger, binding: { $0.append(tokenHash) }) { try $0.account() }.first
        }
    }

    /// Deletes the token.
    public func deleteToken(hash: String) async throws {
        try await writing { connection in
            try await connection.execute("DELETE FROM tokens WHERE token_hash = \(hash)", logger: logger)
        }
    }
}
