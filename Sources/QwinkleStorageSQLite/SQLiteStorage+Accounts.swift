import Foundation
import GRDB
import QwinkleKit
import QwinkleStorage
import QwinkleStorageSQL

extension SQLiteStorage: AccountStore {}

extension SQLiteStorage {
    /// Several accounts by ID, in one statement, from the synchronous paths.
    static func accounts(ids: Set<Account.ID>, in db: Database) throws -> [Account.ID: Account] {
        try shared(db) { try await $0.accounts(ids: ids) }
    }

    /// `(?, ?, …)` for an `IN` list of `count` values.
    static func placeholders(_ count: Int) -> String {
        "(" + Array(repeating: "?", count: count).joined(separator: ", ") + ")"
    }
}
