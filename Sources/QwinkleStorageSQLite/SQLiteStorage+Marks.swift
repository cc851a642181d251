import Foundation
import GRDB
import QwinkleKit
import QwinkleStorage
import QwinkleStorageSQL

extension SQLiteStorage: MarkStore {
    /// Looks the marks of entries outside the trash up in one query.
    public func markedEntries(among entries: Set<Entry.ID>, by account: Account.ID) async throws -> Set<Entry.ID> {
        guard !entries.isEmpty else { return [] }
        return try readingOneStatement { db in try Self.markedEntries(among: entries, by: account, in: db) }
    }

    /// Which of these entries outside the trash the account marked, in one statement.
    static func markedEntries(among entries: Set<Entry.ID>, by account: Account.ID, in db: Database) throws -> Set<Entry.ID> {
        guard !entries.isEmpty else { return [] }
        let keys = entries.map { $0.key }
        let marked = try Int64.fetchAll(
            db,
            cached: """
                SELECT entry_id FROM marks WHERE account_id = ? AND entry_id IN \(placeholders(keys.count))
                    AND \(EntryPlace.outsideTrash.condition(on: "marks.entry_id"))
                """,
            arguments: StatementArguments([account.key] + keys)
        )
        return Set(marked.map(Entry.ID.init(integer:)))
    }
}
