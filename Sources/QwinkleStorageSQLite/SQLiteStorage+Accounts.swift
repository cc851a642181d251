import Foundation
import GRDB
import QwinkleKit
import QwinkleStorage
import QwinkleStorageSQL

extension SQLiteStorage: AccountStore {}

extension SQLiteStorage {
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
