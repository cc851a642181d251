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
}

/// A GRDB row as the shared decoding of content reads it.
struct SQLiteRow: StoredRow {
    let row: Row

    func text(at column: Int) throws -> String? { row[column] }
    func integer(at column: Int) throws -> Int? { row[column] }
}
