import Foundation
import PostgresNIO
import QwinkleKit
import QwinkleStorage
import QwinkleStorageSQL

extension PostgresStorage {
    /// Records that `actor` did `kind` to `recipient`, in the caller's transaction (see `SQLConnection.insertNotification`).
    func insertNotification(
        to recipient: Account.ID, _ kind: AccountNotification.Kind, by actor: Account.ID, entry: Entry.ID? = nil,
        conversation: Int64? = nil, at date: Date, on connection: PostgresConnection
    ) async throws {
        try await sql(connection).insertNotification(to: recipient, kind, by: actor, entry: entry, conversation: conversation, at: date)
    }
}
