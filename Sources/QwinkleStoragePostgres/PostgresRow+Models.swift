import Foundation
import PostgresNIO
import QwinkleKit
import QwinkleStorage

extension PostgresStorage {
    /// The account columns every account query selects, as `PostgresRow.account()` reads them.
    static let accountColumns = """
        accounts.id, accounts.username, accounts.display_name, accounts.bio, accounts.avatar_photo_id, \
        accounts.favorite_creature, accounts.created_at
        """

    /// The entry columns every entry query selects, as `PostgresRow.entry()` reads them: the row's own, then its
    /// photos' IDs and alternative texts as two arrays in their order, so an entry is one row.
    static let entryColumns = """
        entries.id, entries.author_id, entries.kind, entries.body, entries.visibility, entries.revision, \
        entries.created_at, entries.edited_at, entries.dream_creature, entries.dream_effects, entries.dream_count, \
        entries.imported_at, \
        ARRAY(SELECT photo_id FROM entry_photos WHERE entry_photos.entry_id = entries.id ORDER BY position), \
        ARRAY(SELECT alt FROM entry_photos WHERE entry_photos.entry_id = entries.id ORDER BY position)
        """
}

extension Entry {
    /// The entry with its times in their canonical form (see `Date.toMilliseconds`).
    var withCanonicalTimes: Entry {
        var entry = self
        entry.createdAt = createdAt.toMilliseconds
        entry.editedAt = editedAt?.toMilliseconds
        entry.importedAt = importedAt?.toMilliseconds
        return entry
    }
}

/// The columns of `PostgresStorage.accountColumns`.
typealias AccountColumns = (Int64, String, String, String, Int64?, String?, Date)

/// How many columns `PostgresStorage.accountColumns` selects: what a query adds comes after them.
let accountColumnCount = 7

/// How many columns `PostgresStorage.entryColumns` selects: a list's cursor comes after them.
let entryColumnCount = 14

/// The columns of `PostgresStorage.entryColumns`.
typealias EntryColumns = (Int64, Int64, String, String, String, Int, Date, Date?, String?, String?, Int?, Date?, [Int64], [String])

extension PostgresRow {
    /// The account of a row that selects `accountColumns` first.
    func account() throws -> Account {
        try Account(columns: decode(AccountColumns.self))
    }

    /// The entry of a row that selects `entryColumns` first.
    func entry() throws -> Entry {
        try Entry(columns: decode(EntryColumns.self))
    }

    /// The entry of a row that selects `entryColumns` and then its cursor in a list.
    func pagedEntry() throws -> Paged<Entry> {
        Paged(cursor: try PostgresRandomAccessRow(self)[entryColumnCount].decode(Int64.self), item: try entry())
    }
}

extension Account {
    /// An account from its columns.
    init(columns: AccountColumns) throws {
        let (id, username, displayName, bio, avatar, creature, createdAt) = columns
        self.init(
            id: Account.ID(integer: id), username: username, displayName: displayName, bio: bio,
            avatar: avatar.map(Photo.ID.init(integer:)),
            favoriteCreature: try creature.map { try stored(Creature.init(rawValue:), $0, "creature") },
            createdAt: createdAt.toMilliseconds
        )
    }
}

extension Entry {
    /// An entry from its columns.
    init(columns: EntryColumns) throws {
        let (id, author, kindName, body, visibility, revision, createdAt, editedAt, creature, effects, count, importedAt, photoIDs, alts) = columns
        let name = try stored(Entry.Kind.Name.init(rawValue:), kindName, "entry kind")
        var dream: DreamDetails?
        if name == .dream {
            guard let creature, let effects, let count else { throw CorruptRow(description: "a dream \(id) without its details") }
            dream = DreamDetails(
                creature: try stored(Creature.init(rawValue:), creature, "creature"),
                effects: Set(try effects.split(separator: ",").map { try stored(DreamEffect.init(rawValue:), String($0), "dream effect") }),
                numberOfCreatures: try stored(CreatureCount.init(rawValue:), count, "number of creatures")
            )
        }
        let content = EntryContent(
            kind: try Entry.Kind(name, dream: dream),
            body: body,
            photos: zip(photoIDs, alts).map { AttachedPhoto(id: Photo.ID(integer: $0), alt: $1) },
            visibility: try stored(Visibility.init(rawValue:), visibility, "visibility")
        )
        self.init(
            id: Entry.ID(integer: id), author: Account.ID(integer: author), content: content,
            revision: revision, createdAt: createdAt.toMilliseconds, editedAt: editedAt?.toMilliseconds,
            importedAt: importedAt?.toMilliseconds
        )
    }
}

/// A stored spelling as its value, or `CorruptRow` naming what it should have been.
private func stored<Raw, Value>(_ make: (Raw) -> Value?, _ raw: Raw, _ what: String) throws -> Value {
    guard let value = make(raw) else { throw CorruptRow(description: "unknown \(what) \(raw) in the database") }
    return value
}

extension Date {
    /// The time to the millisecond, in one canonical `Date` for each millisecond: every backend keeps times to the
    /// millisecond (and Qwinkle's JSON prints them so), and a time read back from PostgreSQL's microseconds, or from
    /// a revision's JSON, comes back to this same value, so an entry equals its revision and a value returned
    /// without a read equals what later reads give.
    var toMilliseconds: Date {
        Date(timeIntervalSince1970: (timeIntervalSince1970 * 1_000).rounded() / 1_000)
    }
}

extension PostgresRowSequence {
    /// Every row, each read by `transform`.
    func map<Value>(_ transform: (PostgresRow) throws -> Value) async throws -> [Value] {
        var values: [Value] = []
        for try await row in self {
            values.append(try transform(row))
        }
        return values
    }

    /// The first row read by `transform`, or `nil` when there is none.
    func first<Value>(_ transform: (PostgresRow) throws -> Value) async throws -> Value? {
        try await map(transform).first
    }
}
