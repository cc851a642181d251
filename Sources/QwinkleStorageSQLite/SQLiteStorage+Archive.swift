import Foundation
import GRDB
import QwinkleKit
import QwinkleStorage
import QwinkleStorageSQL

extension SQLiteStorage: ArchiveStore {
    /// Reads the page's IDs by the author's index, then the entries as every read does.
    public func entriesOldestFirst(by author: Account.ID, after: Entry.ID?, limit: Int) async throws -> [Entry] {
        try reading { db in
            let ids = try Int64.fetchAll(
                db,
                cached: """
                    SELECT id FROM entries WHERE author_id = ? AND id > ? AND \(EntryPlace.outsideTrash.condition(on: "entries.id"))
                    ORDER BY id LIMIT ?
                    """,
                arguments: [author.key, after?.key ?? 0, limit]
            )
            guard !ids.isEmpty else { return [] }
            return try Self.fetchEntries(db, where: "entries.id IN \(Self.placeholders(ids.count))", arguments: ids).reversed().map(\.item)
        }
    }

    /// Reads the author's imported source IDs from one origin.
    public func importedSourceIDs(author: Account.ID, origin: String) async throws -> Set<String> {
        try reading { db in
            Set(try String.fetchAll(
                db, cached: "SELECT source_id FROM imported_entries WHERE author_id = ? AND origin = ?", arguments: [author.key, origin]
            ))
        }
    }

    /// Inserts each new entry as a post and its later revisions as edits, all in one transaction.
    public func importEntries(_ entries: [ImportedEntry], author: Account.ID, origin: String, at date: Date) async throws -> Int {
        try await commits.write { db in
            var stored = 0
            let encoder = QwinkleJSON.makeEncoder()
            var made: [String: Entry] = [:]
            for imported in entries {
                guard let first = imported.revisions.first else { continue }
                let known = try Int64.fetchOne(
                    db, cached: "SELECT entry_id FROM imported_entries WHERE author_id = ? AND origin = ? AND source_id = ?",
                    arguments: [author.key, origin, imported.sourceID]
                )
                guard known == nil else { continue }
                var reply = imported.reply?.existing
                if let source = imported.reply?.source, let parent = try made[source] ?? Int64.fetchOne(
                    db, cached: "SELECT entry_id FROM imported_entries WHERE author_id = ? AND origin = ? AND source_id = ?",
                    arguments: [author.key, origin, source]
                ).flatMap({ try Self.fetchEntry(db, id: $0) }) {
                    reply = EntryReply(answering: parent)
                }
                var entry = try Self.insertEntry(
                    NewEntry(author: author, content: first.content, createdAt: first.date, reply: reply),
                    in: db, encoder: encoder
                )
                made[imported.sourceID] = entry
                for (index, revision) in imported.revisions.enumerated().dropFirst() {
                    let edited = Entry(
                        id: entry.id, author: author, content: revision.content, revision: index + 1,
                        createdAt: entry.createdAt, editedAt: revision.date
                    )
                    guard try Self.applyEdit(edited, expectedRevision: entry.revision, in: db) else {
                        throw CorruptRow(description: "an imported entry changed while it was imported")
                    }
                    entry = edited
                }
                try db.execute(
                    cached: "UPDATE entries SET edited_at = ?, imported_at = ? WHERE id = ?", arguments: [imported.editedAt, date, entry.id.key]
                )
                try db.execute(
                    cached: "INSERT INTO imported_entries (entry_id, author_id, origin, source_id, imported_at) VALUES (?, ?, ?, ?, ?)",
                    arguments: [entry.id.key, author.key, origin, imported.sourceID, date]
                )
                if imported.marked {
                    try db.execute(
                        cached: "INSERT INTO marks (account_id, entry_id, created_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
                        arguments: [author.key, entry.id.key, date]
                    )
                }
                stored += 1
            }
            return stored
        }
    }
}
