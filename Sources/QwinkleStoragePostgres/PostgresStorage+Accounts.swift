import Foundation
import PostgresNIO
import QwinkleKit
import QwinkleStorage
import QwinkleStorageSQL

// The reads every request makes run as prepared statements (`FixedQuery`); the rest of both stores is shared.
extension PostgresStorage: AccountStore {
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
    /// Finds the token's account.
    public func account(tokenHash: String) async throws -> (account: Account, lastUsedAt: Date)? {
        try await reading { connection in
            try await connection.run(TokenAccount.self, logger: logger, binding: { $0.append(tokenHash) }) { row in
                (try row.account(), try PostgresRandomAccessRow(row)[accountColumnCount].decode(Date.self).toMilliseconds)
            }.first
        }
    }
}
