import Foundation
import GRDB
import QwinkleKit
import QwinkleStorage
import QwinkleStorageSQL

extension SQLiteStorage {
    /// Records that `actor` did `kind` to `recipient`, in the caller's transaction; nobody is told of what they did
    /// to themselves.
    static func insertNotification(
        to recipient: Account.ID, _ kind: AccountNotification.Kind, by actor: Account.ID, entry: Entry.ID? = nil,
        conversation: Int64? = nil, at date: Date, in db: Database
    ) throws {
        guard recipient != actor else { return }
        try SQLiteConnection(db: db).run(
            Statements.insertNotification(to: recipient, kind, by: actor, entry: entry, conversation: conversation, at: date)
        )
    }
}
