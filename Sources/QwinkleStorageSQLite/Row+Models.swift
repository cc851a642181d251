import Foundation
import GRDB
import QwinkleKit
import QwinkleStorage

/// A stored value that breaks the schema's promises, such as an unknown creature spelling.
struct CorruptRow: Error, CustomStringConvertible {
    let description: String
}

extension Row {
    /// The columns `accountColumns` selects.
    func account() throws -> Account {
        let creature: String? = self["favorite_creature"]
        let avatar: Int64? = self["avatar_photo_id"]
        return Account(
            id: Account.ID(integer: self["id"]),
            username: self["username"],
            displayName: self["display_name"],
            bio: self["bio"],
            avatar: avatar.map(Photo.ID.init(integer:)),
            favoriteCreature: try creature.map { try decode(Creature.init(rawValue:), $0, "creature") },
            createdAt: self["created_at"]
        )
    }

    /// An entry's own columns, with its photos read separately.
    func entry(photos: [AttachedPhoto]) throws -> Entry {
        let kindName = try decode(Entry.Kind.Name.init(rawValue:), self["kind"] as String, "entry kind")
        let kind: Entry.Kind
        switch kindName {
        case .update: kind = .update
        case .journal: kind = .journal
        case .dream: kind = .dream(try dreamDetails())
        }
        return Entry(
            id: Entry.ID(integer: self["id"]),
            author: Account.ID(integer: self["author_id"]),
            kind: kind,
            body: self["body"],
            photos: photos,
            visibility: try decode(Visibility.init(rawValue:), self["visibility"] as String, "visibility"),
            revision: self["revision"],
            createdAt: self["created_at"],
            editedAt: self["edited_at"]
        )
    }

    private func dreamDetails() throws -> DreamDetails {
        let creature = try decode(Creature.init(rawValue:), self["dream_creature"] as String, "creature")
        let effectNames = (self["dream_effects"] as String).split(separator: ",").map(String.init)
        let effects = try effectNames.map { try decode(DreamEffect.init(rawValue:), $0, "dream effect") }
        let count = try decode(CreatureCount.init(rawValue:), self["dream_count"] as Int, "number of creatures")
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
}

extension DreamDetails {
    /// The effects as stored: raw values in a fixed order, separated by commas.
    var storedEffects: String {
        effects.sorted().map(\.rawValue).joined(separator: ",")
    }
}

extension Identifier {
    /// The integer key for a query; an identifier no backend issued matches nothing.
    var key: Int64 { integerValue ?? 0 }
}
