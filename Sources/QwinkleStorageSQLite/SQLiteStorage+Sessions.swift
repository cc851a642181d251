import Foundation
import GRDB
import QwinkleKit
import QwinkleStorage

extension SQLiteStorage: SessionStore {
    /// Inserts the token hash.
    public func storeToken(hash: String, for account: Account.ID, createdAt: Date) async throws {
        try await commits.write { db in try Self.insertToken(hash: hash, for: account, createdAt: createdAt, in: db) }
    }

    /// Finds the token's account.
    public func account(tokenHash: String) async throws -> Account? {
        try reading { db in
            try Row.fetchOne(
                db,
                cached: "SELECT \(Self.accountColumns) FROM tokens JOIN accounts ON accounts.id = tokens.account_id WHERE tokens.token_hash = ?",
                arguments: [tokenHash]
            )?.account()
        }
    }

    /// Deletes the token.
    public func deleteToken(hash: String) async throws {
        try await commits.write { db in
            try db.execute(cached: "DELETE FROM tokens WHERE token_hash = ?", arguments: [hash])
        }
    }
}

extension SQLiteStorage {
    /// Inserts a token's hash.
    static func insertToken(hash: String, for account: Account.ID, createdAt: Date, in db: Database) throws {
        try db.execute(
            cached: "INSERT INTO tokens (token_hash, account_id, created_at) VALUES (?, ?, ?)",
            arguments: [hash, account.key, createdAt]
        )
    }
}
