import Foundation
import PostgresNIO
import QwinkleKit
import QwinkleStorage
import QwinkleStorageSQL

// The prepared reads every request makes decode their rows with the shared readers (`SQLRow.account(from:)`,
// `SQLRow.entry(photos:)`); only an entry's photos come differently here, as two arrays in the entry's own row.
extension PostgresStorage {
    /// The account columns the prepared reads select (`Columns.account`).
    static let accountColumns = Columns.account

    /// The entry columns the prepared pages select, as `PostgresRow.entry()` reads them: the row's own, then its
    /// photos' IDs and alternative texts as two arrays in their order, so an entry is one row.
    static let entryColumns = Columns.entry + """
        , ARRAY(SELECT photo_id FROM entry_photos WHERE entry_photos.entry_id = entries.id ORDER BY position), \
        ARRAY(SELECT alt FROM entry_photos WHERE entry_photos.entry_id = entries.id ORDER BY position)
        """

    /// How many columns `entryColumns` selects: what a query adds (a list's cursor) comes after them.
    static let entryColumnCount = Columns.entryCount + 2
}

extension PostgresRow {
    /// The account of a row that selects `Columns.account` first.
    func account() throws -> Account {
        try PostgresSQLRow(row: PostgresRandomAccessRow(self)).account()
    }

    /// The entry of a row that selects `PostgresStorage.entryColumns` first.
    func entry() throws -> Entry {
        try PostgresSQLRow(row: PostgresRandomAccessRow(self)).entryWithPhotoArrays()
    }

    /// The entry of a row that selects `PostgresStorage.entryColumns` and then its cursor in a list.
    func pagedEntry() throws -> Paged<Entry> {
        let row = PostgresSQLRow(row: PostgresRandomAccessRow(self))
        return Paged(cursor: try row[PostgresStorage.entryColumnCount], item: try row.entryWithPhotoArrays())
    }
}

extension PostgresSQLRow {
    /// The entry of a row that selects `PostgresStorage.entryColumns` first.
    func entryWithPhotoArrays() throws -> Entry {
        let photos = Columns.entryCount
        let (ids, alts) = (try row[photos].decode([Int64].self), try row[photos + 1].decode([String].self))
        return try entry(photos: zip(ids, alts).map { AttachedPhoto(id: Photo.ID(integer: $0), alt: $1) })
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
