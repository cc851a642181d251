import Foundation
import GRDB
import QwinkleKit
import QwinkleStorage
import QwinkleStorageSQL

extension SQLiteStorage: SessionStore {
    /// Inserts the token hash.
    public func storeToken(hash: String, for account: Account.ID, createdAt: Date, client: String) async throws {
        try await commits.write { db in try Self.insertToken(hash: hash, for: account, createdAt: createdAt, client: client, in: db) }
    }

    /// Finds the token's account.
    public func account(tokenHash: String) async throws -> (account: Account, lastUsedAt: Date)? {
        try readingOneStatement { db in
            guard let row = try Row.fetchOne(
                db,
                cached: """
                    SELECT \(Self.accountColumns), tokens.last_used_at FROM tokens JOIN accounts ON accounts.id = tokens.account_id
                    WHERE tokens.token_hash = ? AND tokens.app_id IS NULL
                    """,
                arguments: [tokenHash]
            ) else { return nil }
            return (try row.account(), row["last_used_at"])
        }
    }

    /// Moves the token's last use forward.
    public func recordTokenUse(hash: String, at date: Date) async throws {
        try await commits.write { db in
            try db.execute(cached: "UPDATE tokens SET last_used_at = ? WHERE token_hash = ? AND last_used_at < ?", arguments: [date, hash, date])
        }
    }

    /// Deletes the token.
    public func deleteToken(hash: String) async throws {
        try await commits.write { db in
            try db.execute(cached: "DELETE FROM tokens WHERE token_hash = ?", arguments: [hash])
        }
    }

    /// Reads the account's tokens, without their hashes.
    public func sessions(of account: Account.ID, currentTokenHash: String?) async throws -> [LoginSession] {
        try reading { db in
            try Row.fetchAll(
                db,
                cached: """
                    SELECT id, token_hash, client, created_at, last_used_at, scopes FROM tokens WHERE account_id = ?
                    ORDER BY last_used_at DESC, id DESC
                    """,
                arguments: [account.key]
            ).map { row in
                LoginSession(
                    id: LoginSession.ID(integer: row["id"]), client: row["client"], createdAt: row["created_at"],
                    lastUsedAt: row["last_used_at"], isCurrent: row["token_hash"] == currentTokenHash,
                    appScopes: (row["scopes"] as String?).flatMap(OAuthScopes.init)
                )
            }
        }
    }

    /// Deletes one of the account's tokens by its ID.
    public func deleteSession(_ id: LoginSession.ID, of account: Account.ID) async throws -> String? {
        guard let key = id.integerValue else { return nil }
        return try await commits.write { db in
            try String.fetchOne(
                db, cached: "DELETE FROM tokens WHERE id = ? AND account_id = ? RETURNING token_hash", arguments: [key, account.key]
            )
        }
    }
}

extension SQLiteStorage {
    /// Inserts a token's hash, last used as it is made.
    static func insertToken(hash: String, for account: Account.ID, createdAt: Date, client: String, in db: Database) throws {
        try db.execute(
            cached: "INSERT INTO tokens (token_hash, account_id, created_at, last_used_at, client) VALUES (?, ?, ?, ?, ?)",
            arguments: [hash, account.key, createdAt, createdAt, client]
        )
    }
}
