import Foundation
import PostgresNIO
import QwinkleKit
import QwinkleStorage
import QwinkleStorageSQL

extension PostgresStorage {
    /// The account columns every account query selects, as `PostgresRow.account()` reads them.
    static let accountColumns = """
        accounts.id, accounts.username, accounts.display_name, accounts.bio, accounts.avatar_photo_id, \
        accounts.favorite_creature, accounts.created_at
        """

    /// The entry columns every entry query selects, as `PostgresRow.entry()` reads them: the row's own, then its
    /// photos' IDs and alternative texts as two arrays in their order, so an entry is one row.
    static let entryColumns = EntryColumn.selected(from: "entries") + """
        , ARRAY(SELECT photo_id FROM entry_photos WHERE entry_photos.entry_id = entries.id ORDER BY position), \
        ARRAY(SELECT alt FROM entry_photos WHERE entry_photos.entry_id = entries.id ORDER BY position)
        """


    /// How many columns `entryColumns` selects: what a query adds (a list's cursor) comes after them.
    static let entryColumnCount = EntryColumn.allCases.count + 2
}


/// The columns of `PostgresStorage.accountColumns`.
typealias AccountColumns = (Int64, String, String, String, Int64?, String?, Date)

/// How many columns `PostgresStorage.accountColumns` selects: what a query adds comes after them.
let accountColumnCount = 7

extension PostgresRow {
    /// The account of a row that selects `accountColumns` first.
    func account() throws -> Account {
        try Account(columns: decode(AccountColumns.self))
    }

    /// The entry of a row that selects `entryColumns` first.
    func entry() throws -> Entry {
        try Entry(row: PostgresRandomAccessRow(self))
    }

    /// The entry of a row that selects `entryColumns` and then its cursor in a list.
    func pagedEntry() throws -> Paged<Entry> {
        let row = PostgresRandomAccessRow(self)
        return Paged(cursor: try row[PostgresStorage.entryColumnCount].decode(Int64.self), item: try Entry(row: row))
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
    /// An entry from a row that selects `PostgresStorage.entryColumns` first.
    init(row: PostgresRandomAccessRow) throws {
        let photos = EntryColumn.allCases.count
        let (photoIDs, alts) = (try row[photos].decode([Int64].self), try row[photos + 1].decode([String].self))
        self.init(
            id: Entry.ID(integer: try row[EntryColumn.id.rawValue].decode(Int64.self)),
            author: Account.ID(integer: try row[EntryColumn.author.rawValue].decode(Int64.self)),
            content: try EntryContent(
                row: PostgresStoredRow(row: row), photos: zip(photoIDs, alts).map { AttachedPhoto(id: Photo.ID(integer: $0), alt: $1) }
            ),
            revision: try row[EntryColumn.revision.rawValue].decode(Int.self),
            createdAt: try row[EntryColumn.createdAt.rawValue].decode(Date.self).toMilliseconds,
            editedAt: try row[EntryColumn.editedAt.rawValue].decode(Date?.self)?.toMilliseconds,
            importedAt: try row[EntryColumn.importedAt.rawValue].decode(Date?.self)?.toMilliseconds,
            reply: try EntryReply(row: PostgresStoredRow(row: row)),
            mentions: try Mention.stored(row: PostgresStoredRow(row: row))
        )
    }
}

/// A PostgresNIO row as the shared decoding of content reads it.
struct PostgresStoredRow: StoredRow {
    let row: PostgresRandomAccessRow

    func text(at column: Int) throws -> String? { try row[column].decode(String?.self) }
    func integer(at column: Int) throws -> Int? { try row[column].decode(Int?.self) }
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
