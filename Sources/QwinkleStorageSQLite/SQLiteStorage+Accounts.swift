import Foundation
import GRDB
import QwinkleKit
import QwinkleStorage
import QwinkleStorageSQL

extension SQLiteStorage: AccountStore {
    /// Inserts the account; a unique-constraint failure on the username means it is taken.
    public func createAccount(_ account: NewAccount) async throws -> Account {
        let username = account.username.lowercased()
        do {
            return try await commits.write { db in
                try Self.fetchAccount(db, id: Self.insertAccount(account, in: db))
            }
        } catch let error as DatabaseError where error.extendedResultCode == .SQLITE_CONSTRAINT_UNIQUE {
            throw StorageError.usernameTaken(username)
        }
    }

    /// Reads one account.
    public func account(id: Account.ID) async throws -> Account? {
        try readingOneStatement { db in
            try Row.fetchOne(db, cached: "SELECT \(Self.accountColumns) FROM accounts WHERE id = ?", arguments: [id.key])?.account()
        }
    }

    /// Reads one account by its lowercase username.
    public func account(username: String) async throws -> Account? {
        try readingOneStatement { db in
            try Row.fetchOne(
                db, cached: "SELECT \(Self.accountColumns) FROM accounts WHERE username = ?", arguments: [username.lowercased()]
            )?.account()
        }
    }

    /// Reads several accounts in one query.
    public func accounts(ids: Set<Account.ID>) async throws -> [Account.ID: Account] {
        guard !ids.isEmpty else { return [:] }
        return try readingOneStatement { db in try Self.accounts(ids: ids, in: db) }
    }

    /// Several accounts by ID, in one statement.
    static func accounts(ids: Set<Account.ID>, in db: Database) throws -> [Account.ID: Account] {
        guard !ids.isEmpty else { return [:] }
        let keys = ids.map { $0.key }
        var accounts: [Account.ID: Account] = [:]
        try Row.forEach(
            db, cached: "SELECT \(accountColumns) FROM accounts WHERE id IN \(placeholders(keys.count))",
            arguments: StatementArguments(keys)
        ) { row in
            let account = try row.account()
            accounts[account.id] = account
        }
        return accounts
    }

    /// Reads each account's counts as the writes keep them (`AccountStatsSQL`).
    public func counts(of ids: Set<Account.ID>) async throws -> [Account.ID: AccountCounts] {
        guard !ids.isEmpty else { return [:] }
        return try reading { db in
            let keys = ids.map { $0.key }
            let rows = try Row.fetchAll(
                db,
                cached: """
                    SELECT account_id, \(AccountStatsSQL.columns)
                    FROM account_stats WHERE account_id IN \(Self.placeholders(keys.count))
                    """,
                arguments: StatementArguments(keys)
            )
            return Dictionary(uniqueKeysWithValues: rows.map { row in
                (Account.ID(integer: row[0]), AccountCounts(followers: row[1], following: row[2], entries: row[3], lastEntryAt: row[4]))
            })
        }
    }

    /// Reads an account with its password hash.
    public func credentials(username: String) async throws -> (account: Account, passwordHash: String)? {
        try reading { db in
            guard let row = try Row.fetchOne(
                db, cached: "SELECT \(Self.accountColumns), accounts.password_hash FROM accounts WHERE username = ?",
                arguments: [username.lowercased()]
            ) else { return nil }
            return (try row.account(), row["password_hash"])
        }
    }

    /// Inserts an account with its username in lowercase, and returns its row ID.
    static func insertAccount(_ account: NewAccount, in db: Database) throws -> Int64 {
        try db.execute(
            cached: "INSERT INTO accounts (username, email, password_hash, created_at) VALUES (?, ?, ?, ?)",
            arguments: [account.username.lowercased(), account.email, account.passwordHash, account.createdAt]
        )
        return db.lastInsertedRowID
    }

    /// Updates the given profile fields in one statement each, inside one transaction.
    public func updateProfile(of id: Account.ID, _ changes: ProfileChanges) async throws -> Account {
        try await commits.write { db in
            guard try Bool.fetchOne(db, cached: "SELECT 1 FROM accounts WHERE id = ?", arguments: [id.key]) == true else {
                throw StorageError.notFound("Account \(id)")
            }
            var assignments: [String] = []
            var arguments: [(any DatabaseValueConvertible)?] = []
            if let displayName = changes.displayName {
                assignments.append("display_name = ?")
                arguments.append(displayName)
            }
            if let bio = changes.bio {
                assignments.append("bio = ?")
                arguments.append(bio)
            }
            if let avatar = changes.avatar {
                assignments.append("avatar_photo_id = ?")
                arguments.append(avatar.newValue?.key)
            }
            if let creature = changes.favoriteCreature {
                assignments.append("favorite_creature = ?")
                arguments.append(creature.newValue?.rawValue)
            }
            if !assignments.isEmpty {
                try db.execute(
                    cached: "UPDATE accounts SET \(assignments.joined(separator: ", ")) WHERE id = ?",
                    arguments: StatementArguments(arguments + [id.key])
                )
            }
            return try Self.fetchAccount(db, id: id.key)
        }
    }

    /// Replaces the hash and deletes the other tokens.
    public func changePasswordHash(of id: Account.ID, to passwordHash: String, keepingTokenHash: String?) async throws -> [String] {
        try await commits.write { db in
            try db.execute(cached: "UPDATE accounts SET password_hash = ? WHERE id = ?", arguments: [passwordHash, id.key])
            guard db.changesCount == 1 else { throw StorageError.notFound("Account \(id)") }
            return try String.fetchAll(
                db, cached: "DELETE FROM tokens WHERE account_id = ? AND token_hash IS NOT ? RETURNING token_hash",
                arguments: [id.key, keepingTokenHash]
            )
        }
    }

    /// Deletes the account's rows (the schema's cascades take what only points at them) and queues the farewells.
    public func deleteAccount(id: Account.ID, farewells: [NewDelivery], at date: Date) async throws -> DeletedAccount? {
        try await commits.write { db in
            guard try Bool.fetchOne(db, cached: "SELECT 1 FROM accounts WHERE id = ?", arguments: [id.key]) == true else { return nil }
            let tokens = try String.fetchAll(db, cached: "SELECT token_hash FROM tokens WHERE account_id = ?", arguments: [id.key])
            let photos = Set(try String.fetchAll(db, cached: "SELECT sha256 FROM photos WHERE uploader_id = ?", arguments: [id.key]))
            // Attachments of the account's photos do not cascade (a photo in use is never deleted otherwise), so
            // they go first: on its own entries, and on its messages, which stay in their conversations.
            for statement in [
                "DELETE FROM entry_photos WHERE photo_id IN (SELECT id FROM photos WHERE uploader_id = ?)",
                "DELETE FROM message_photos WHERE photo_id IN (SELECT id FROM photos WHERE uploader_id = ?)",
                "UPDATE accounts SET avatar_photo_id = NULL WHERE id = ?",
                "DELETE FROM entries WHERE author_id = ?",
                "DELETE FROM scheduled_entries WHERE author_id = ?",
                "DELETE FROM photos WHERE uploader_id = ?",
                "DELETE FROM accounts WHERE id = ?",
            ] {
                try db.execute(cached: statement, arguments: [id.key])
            }
            try Self.insertDeliveries(farewells, at: date, in: db)
            return DeletedAccount(tokenHashes: tokens, photoHashes: photos)
        }
    }

    static func fetchAccount(_ db: Database, id: Int64) throws -> Account {
        guard let row = try Row.fetchOne(db, cached: "SELECT \(accountColumns) FROM accounts WHERE id = ?", arguments: [id]) else {
            throw StorageError.notFound("Account \(id)")
        }
        return try row.account()
    }

    /// `(?, ?, …)` for an `IN` list of `count` values.
    static func placeholders(_ count: Int) -> String {
        "(" + Array(repeating: "?", count: count).joined(separator: ", ") + ")"
    }
}
