import Foundation
import GRDB
import QwinkleKit
import QwinkleStorage
import QwinkleStorageSQL

// Rows are read by column position, in the order `accountColumns` and `entryColumns` select: GRDB finds a column by
// name with a case-insensitive search, which for a page of entries cost more than decoding them.

extension Row {
    /// The columns `accountColumns` selects, from column `start` (first in the row unless told).
    func account(from start: Int = 0) throws -> Account {
        let creature: String? = self[start + 5]
        let avatar: Int64? = self[start + 4]
        return Account(
            id: Account.ID(integer: self[start]),
            username: self[start + 1],
            displayName: self[start + 2],
            bio: self[start + 3],
            avatar: avatar.map(Photo.ID.init(integer:)),
            favoriteCreature: try creature.map { try stored(Creature.init(rawValue:), $0, "creature") },
            createdAt: self[start + 6]
        )
    }

    /// The columns `entryColumns` selects, first in the row, with the entry's photos read separately.
    func entry(photos: [AttachedPhoto]) throws -> Entry {
        Entry(
            id: Entry.ID(integer: self[EntryColumn.id.rawValue]),
            author: Account.ID(integer: self[EntryColumn.author.rawValue]),
            content: try EntryContent(row: SQLiteRow(row: self), photos: photos),
            revision: self[EntryColumn.revision.rawValue],
            createdAt: self[EntryColumn.createdAt.rawValue],
            editedAt: self[EntryColumn.editedAt.rawValue],
            importedAt: self[EntryColumn.importedAt.rawValue],
            reply: try EntryReply(row: SQLiteRow(row: self)),
            mentions: try Mention.stored(row: SQLiteRow(row: self))
        )
    }
}

extension SQLiteStorage {
    /// The account columns every account query selects, as `Row.account()` reads them.
    static let accountColumns = "accounts.id, accounts.username, accounts.display_name, accounts.bio, accounts.avatar_photo_id, accounts.favorite_creature, accounts.created_at"
    /// The entry columns every entry query selects, as `Row.entry(photos:)` reads them.
    static let entryColumns = EntryColumn.selected(from: "entries")
    /// The position of the cursor column that list queries select after `entryColumns`.
    static let entryCursorColumn = EntryColumn.allCases.count
}

/// A GRDB row as the shared decoding of content reads it.
struct SQLiteRow: StoredRow {
    let row: Row

    func text(at column: Int) throws -> String? { row[column] }
    func integer(at column: Int) throws -> Int? { row[column] }
}

extension StoredValue {
    /// The value as GRDB binds it.
    var bound: (any DatabaseValueConvertible)? {
        switch self {
        case .text(let text): text
        case .integer(let integer): integer
        case .null: nil
        }
    }
}

extension EntryContent {
    /// The content's values as GRDB binds them, in `EntryColumn.content`'s order.
    var boundValues: [(any DatabaseValueConvertible)?] { storedValues.map(\.bound) }
}

extension SQLiteStorage {
    /// `?, ?, …`: one placeholder per content column, for an insert.
    static let contentPlaceholders = EntryColumn.content.map { _ in "?" }.joined(separator: ", ")
    /// `kind = ?, body = ?, …`, for an update.
    static let contentAssignments = EntryColumn.content.map { "\($0.name) = ?" }.joined(separator: ", ")
    /// `reply_to, …, mentions`: the thread's columns, for an insert.
    static let threadNames = EntryColumn.thread.map(\.name).joined(separator: ", ")
    /// `?, ?, …`: one placeholder per thread column, for an insert.
    static let threadPlaceholders = EntryColumn.thread.map { _ in "?" }.joined(separator: ", ")
    /// `NULL AS reply_to, …`: the thread's columns for a row that has none (a scheduled entry's).
    static let noThread = EntryColumn.thread.map { "NULL AS \($0.name)" }.joined(separator: ", ")
}
