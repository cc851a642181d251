import Foundation
import QwinkleKit
import QwinkleStorage

extension ArchiveStore where Self: SQLDatabase {
    /// Reads a page of the author's entries by the author's index, oldest first.
    public func entriesOldestFirst(by author: Account.ID, after: Entry.ID?, limit: Int) async throws -> [Entry] {
        try await read { connection in
            let page = try await connection.entries(
                where: """
                    entries.id IN (SELECT page.id FROM entries AS page WHERE page.author_id = \(author.key) AND page.id > \(after?.key ?? 0)
                        AND \(raw: EntryPlace.outsideTrash.condition(on: "page.id")) ORDER BY page.id LIMIT \(limit))
                    """
            )
            return page.reversed().map(\.item)
        }
    }

    /// Reads the author's imported source IDs from one origin.
    public func importedSourceIDs(author: Account.ID, origin: String) async throws -> Set<String> {
        try await read { connection in
            Set(try await connection.rows("SELECT source_id FROM imported_entries WHERE author_id = \(author.key) AND origin = \(origin)") {
                try $0[0] as String
            })
        }
    }

    /// Inserts each new entry as a post and its later revisions as edits, all in one transaction under the entries'
    /// lock, so IDs are drawn and committed in order as for every post.
    public func importEntries(_ entries: [ImportedEntry], author: Account.ID, origin: String, at date: Date) async throws -> Int {
        try await write { connection in
            try await connection.lock(.entries)
            let encoder = QwinkleJSON.makeEncoder()
            var stored = 0
            var made: [String: Entry] = [:]
            for imported in entries {
                guard let first = imported.revisions.first else { continue }
                guard try await !connection.returnsRow(
                    "SELECT 1 FROM imported_entries WHERE author_id = \(author.key) AND origin = \(origin) AND source_id = \(imported.sourceID)"
                ) else { continue }
                var reply = imported.reply?.existing
                if let source = imported.reply?.source {
                    let earlier = made[source] == nil ? try await connection.entries(
                        join: "JOIN imported_entries ON imported_entries.entry_id = entries.id",
                        where: "imported_entries.author_id = \(author.key) AND imported_entries.origin = \(origin) AND imported_entries.source_id = \(source)"
                    ).first?.item : nil
                    if let parent = made[source] ?? earlier { reply = EntryReply(answering: parent) }
                }
                var entry = try await connection.insertEntry(
                    NewEntry(author: author, content: first.content, createdAt: first.date, reply: reply), encoder: encoder
                )
                made[imported.sourceID] = entry
                for (index, revision) in imported.revisions.enumerated().dropFirst() {
                    let edited = Entry(
                        id: entry.id, author: author, content: revision.content, revision: index + 1,
                        createdAt: entry.createdAt, editedAt: connection.stored(revision.date)
                    )
                    guard try await connection.applyEdit(edited, expectedRevision: entry.revision) else {
                        throw CorruptRow(description: "an imported entry changed while it was imported")
                    }
                    entry = edited
                }
                try await connection.execute("UPDATE entries SET edited_at = \(imported.editedAt), imported_at = \(date) WHERE id = \(entry.id.key)")
                try await connection.execute(
                    """
                    INSERT INTO imported_entries (entry_id, author_id, origin, source_id, imported_at)
                    VALUES (\(entry.id.key), \(author.key), \(origin), \(imported.sourceID), \(date))
                    """
                )
                if imported.marked {
                    try await connection.lock(.marks)
                    try await connection.execute(
                        "INSERT INTO marks (account_id, entry_id, created_at) VALUES (\(author.key), \(entry.id.key), \(date)) ON CONFLICT DO NOTHING"
                    )
                }
                stored += 1
            }
            return stored
        }
    }
}
