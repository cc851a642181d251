import Foundation
import GRDB
import QwinkleKit
import QwinkleStorage
import QwinkleStorageSQL

extension SQLiteStorage: RevisionStore {
    /// Compares and sets in one transaction: the entry row changes only if it is still at `expectedRevision` and
    /// not in the trash, and then its photos and a new revision row are written with it.
    public func updateEntry(_ entry: Entry, expectedRevision: Int, notify: [Account.ID: AccountNotification.Kind]) async throws -> Bool {
        try await commits.write { db in
            guard try Self.applyEdit(entry, expectedRevision: expectedRevision, in: db) else { return false }
            for (recipient, kind) in notify.sorted(by: { $0.key.key < $1.key.key }) {
                try Self.insertNotification(to: recipient, kind, by: entry.author, entry: entry.id, at: entry.editedAt ?? entry.createdAt, in: db)
            }
            return true
        }
    }

    /// The compare-and-set of an edit inside a write: the row, its photos and the new revision, or nothing.
    static func applyEdit(_ entry: Entry, expectedRevision: Int, in db: Database) throws -> Bool {
        try db.execute(
            cached: """
                UPDATE entries SET revision = ?, edited_at = ?, mentions = ?, \(contentAssignments)
                WHERE id = ? AND revision = ? AND \(EntryPlace.outsideTrash.condition(on: "entries.id"))
                """,
            arguments: StatementArguments(
                [entry.revision, entry.editedAt, try Mention.storedValue(entry.mentions).bound] + entry.content.boundValues
                    + [entry.id.key, expectedRevision]
            )
        )
        guard db.changesCount == 1 else { return false }
        try db.execute(cached: "DELETE FROM entry_tags WHERE entry_id = ?", arguments: [entry.id.key])
        try Self.insertTags(of: entry.body, entry: entry.id.key, in: db)
        try db.execute(cached: "DELETE FROM entry_photos WHERE entry_id = ?", arguments: [entry.id.key])
        try Self.insertPhotos(entry.photos, of: entry.id.key, in: db)
        try Self.insertRevision(entry, at: entry.editedAt ?? entry.createdAt, in: db)
        return true
    }

    /// Reads the stored revision values of an entry outside the trash.
    public func revisions(of entry: Entry.ID) async throws -> [Entry] {
        try reading { db in
            try String.fetchAll(
                db,
                cached: """
                    SELECT value FROM entry_revisions
                    WHERE entry_id = ? AND \(EntryPlace.outsideTrash.condition(on: "entry_revisions.entry_id")) ORDER BY revision
                    """,
                arguments: [entry.key]
            ).map { try QwinkleJSON.decode(Entry.self, from: Data($0.utf8)) }
        }
    }
}
