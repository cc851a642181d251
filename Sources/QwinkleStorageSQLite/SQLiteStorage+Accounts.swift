import Foundation
import GRDB
import QwinkleKit
import QwinkleStorage
import QwinkleStorageSQL

extension SQLiteStorage: AccountStore {
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

    /// One account by ID, from the synchronous paths.
    static func fetchAccount(_ db: Database, id: Int64) throws -> Account {
        guard let account = try shared(db, { try await $0.first(Statements.account(id: Account.ID(integer: id))) { try $0.account() } }) else {
            throw StorageError.notFound("Account \(id)")
        }
        return account
    }

    /// Several accounts by ID, in one statement, from the synchronous paths.
    static func accounts(ids: Set<Account.ID>, in db: Database) throws -> [Account.ID: Account] {
        try shared(db) { try await $0.accounts(ids: ids) }
    }

    /// `(?, ?, …)` for an `IN` list of `count` values.
    static func placeholders(_ count: Int) -> String {
        "(" + Array(repeating: "?", count: count).joined(separator: ", ") + ")"
    }
}
