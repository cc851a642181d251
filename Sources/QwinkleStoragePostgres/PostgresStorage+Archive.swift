import Foundation
import PostgresNIO
import QwinkleKit
import QwinkleStorage
import QwinkleStorageSQL

extension PostgresStorage: ArchiveStore {
    /// Reads a page of the author's entries by the author's index, oldest first.
    public func entriesOldestFirst(by author: Account.ID, after: Entry.ID?, limit: Int) async throws -> [Entry] {
        try await reading { connection in
            let page = try await fetchEntries(
                on: connection,
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
        try await reading { connection in
            Set(try await connection.query(
                "SELECT source_id FROM imported_entries WHERE author_id = \(author.key) AND origin = \(origin)", logger: logger
            ).map { try $0.decode(String.self) })
        }
    }

    /// Inserts each new entry as a post and its later revisions as edits, all in one transaction under the entries'
    /// lock, so IDs are drawn and committed in order as for every post.
    public func importEntries(_ entries: [ImportedEntry], author: Account.ID, origin: String, at date: Date) async throws -> Int {
        try await writing { connection in
            try await lock(.entries, on: connection)
            var stored = 0
            var made: [String: Entry] = [:]
            for imported in entries {
                guard let first = imported.revisions.first else { continue }
                let known = try await connection.query(
                    """
                    SELECT 1 FROM imported_entries
                    WHERE author_id = \(author.key) AND origin = \(origin) AND source_id = \(imported.sourceID)
                    """,
                    logger: logger
                ).first { _ in true } ?? false
                guard !known else { continue }
                var reply = imported.reply?.existing
                if let source = imported.reply?.source {
                    let earlier = made[source] == nil ? try await fetchEntries(
                        on: connection, join: "JOIN imported_entries ON imported_entries.entry_id = entries.id",
                        where: "imported_entries.author_id = \(author.key) AND imported_entries.origin = \(origin) AND imported_entries.source_id = \(source)"
                    ).first?.item : nil
                    if let parent = made[source] ?? earlier { reply = EntryReply(answering: parent) }
                }
                var entry = try await insertEntry(
                    NewEntry(author: author, content: first.content, createdAt: first.date, reply: reply),
                    on: connection
                )
                made[imported.sourceID] = entry
                for (index, revision) in imported.revisions.enumerated().dropFirst() {
                    let edited = Entry(
                        id: entry.id, author: author, content: revision.content, revision: index + 1,
                        createdAt: entry.createdAt, editedAt: revision.date.toMilliseconds
                    )
                    guard try await applyEdit(edited, expectedRevision: entry.revision, on: connection) else {
                        throw CorruptRow(description: "an imported entry changed while it was imported")
                    }
                    entry = edited
                }
                try await connection.execute(
                    """
                    UPDATE entries SET edited_at = \(imported.editedAt?.toMilliseconds), imported_at = \(date.toMilliseconds)
                    WHERE id = \(entry.id.key)
                    """,
                    logger: logger
                )
                try await connection.execute(
                    """
                    INSERT INTO imported_entries (entry_id, author_id, origin, source_id, imported_at)
                    VALUES (\(entry.id.key), \(author.key), \(origin), \(imported.sourceID), \(date.toMilliseconds))
                    """,
                    logger: logger
                )
                if imported.marked {
                    try await lock(.marks, on: connection)
                    try await connection.execute(
                        """
                        INSERT INTO marks (account_id, entry_id, created_at) VALUES (\(author.key), \(entry.id.key), \(date.toMilliseconds))
                        ON CONFLICT DO NOTHING
                        """,
                        logger: logger
                    )
                }
                stored += 1
            }
            return stored
        }
    }
}
