import Foundation
import GRDB
import QwinkleKit
import QwinkleStorage

// Rows are read by column position, in the order `accountColumns` and `entryColumns` select: GRDB finds a column by
// name with a case-insensitive search, which for a page of entries cost more than decoding them.

extension Row {
    /// The columns `accountColumns` selects, first in the row.
    func account() throws -> Account {
        let creature: String? = self[5]
        let avatar: Int64? = self[4]
        return Account(
            id: Account.ID(integer: self[0]),
            username: self[1],
            displayName: self[2],
            bio: self[3],
            avatar: avatar.map(Photo.ID.init(integer:)),
            favoriteCreature: try creature.map { try decode(Creature.init(rawValue:), $0, "creature") },
            createdAt: self[6]
        )
    }

    /// The columns `entryColumns` selects, first in the row, with the entry's photos read separately.
    func entry(photos: [AttachedPhoto]) throws -> Entry {
        let kindName = try decode(Entry.Kind.Name.init(rawValue:), self[2] as String, "entry kind")
        let content = EntryContent(
            kind: try Entry.Kind(kindName, dream: kindName == .dream ? try dreamDetails() : nil),
            body: self[3],
            photos: photos,
            visibility: try decode(Visibility.init(rawValue:), self[4] as String, "visibility")
        )
        return Entry(
            id: Entry.ID(integer: self[0]),
            author: Account.ID(integer: self[1]),
            content: content,
            revision: self[5],
            createdAt: self[6],
            editedAt: self[7],
            importedAt: self[11]
        )
    }

    private func dreamDetails() throws -> DreamDetails {
        let creature = try decode(Creature.init(rawValue:), self[8] as String, "creature")
        let effectNames = (self[9] as String).split(separator: ",").map(String.init)
        let effects = try effectNames.map { try decode(DreamEffect.init(rawValue:), $0, "dream effect") }
        let count = try decode(CreatureCount.init(rawValue:), self[10] as Int, "number of creatures")
        return DreamDetails(creature: creature, effects: Set(effects), numberOfCreatures: count)
    }

    private func decode<Raw, Value>(_ make: (Raw) -> Value?, _ raw: Raw, _ what: String) throws -> Value {
        guard let value = make(raw) else { throw CorruptRow(description: "unknown \(what) \(raw) in the database") }
        return value
    }
}

extension SQLiteStorage {
    /// The account columns every account query selects, as `Row.account()` reads them.
    static let accountColumns = "accounts.id, accounts.username, accounts.display_name, accounts.bio, accounts.avatar_photo_id, accounts.favorite_creature, accounts.created_at"
    /// The entry columns every entry query selects, as `Row.entry(photos:)` reads them.
    static let entryColumns = """
        entries.id, entries.author_id, entries.kind, entries.body, entries.visibility, entries.revision, entries.created_at, \
        entries.edited_at, entries.dream_creature, entries.dream_effects, entries.dream_count, entries.imported_at
        """
    /// The position of the cursor column that list queries select after `entryColumns`.
    static let entryCursorColumn = 12
}
