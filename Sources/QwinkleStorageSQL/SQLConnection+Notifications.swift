import Foundation
import QwinkleKit
import QwinkleStorage

extension SQLConnection {
    /// Records that `actor` did `kind` to `recipient`, in the caller's transaction, under the notifications' lock
    /// (always taken last, see `CursorSequence`); nobody is told of their own acts.
    public func insertNotification(
        to recipient: Account.ID, _ kind: AccountNotification.Kind, by actor: Account.ID, entry: Entry.ID? = nil,
        conversation: Int64? = nil, at date: Date
    ) async throws {
        guard recipient != actor else { return }
        try await lock(.notifications)
        try await execute(Statements.insertNotification(to: recipient, kind, by: actor, entry: entry, conversation: conversation, at: date))
    }

    /// A page of the accounts named by `other` in the rows of `table` whose `match` is `key`, newest row first; the
    /// cursor is the row's own sequence. Follows and marks are both read this way.
    public func accountPage(through table: String, match: String, other: String, key: Int64, page: PageRequest) async throws -> [Paged<Account>] {
        try await rows(
            """
            SELECT \(raw: Columns.account), \(raw: table).id FROM \(raw: table) JOIN accounts ON accounts.id = \(raw: table).\(raw: other)
            WHERE \(raw: table).\(raw: match) = \(key)\(SQL.pageWindow(page, column: "\(table).id"))
            ORDER BY \(raw: table).id DESC LIMIT \(page.limit)
            """
        ) { Paged(cursor: try $0[Columns.accountCount], item: try $0.account()) }
    }
}
