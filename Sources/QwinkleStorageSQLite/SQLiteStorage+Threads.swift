import Foundation
import GRDB
import QwinkleKit
import QwinkleStorage
import QwinkleStorageSQL

extension SQLiteStorage: ThreadStore {
    /// Reads the entries among these IDs that are outside the trash.
    public func entries(ids: [Entry.ID]) async throws -> [Entry] {
        guard !ids.isEmpty else { return [] }
        return try reading { db in try Self.entries(ids: ids, in: db) }
    }

    /// The entries among these IDs that are outside the trash, with their photos.
    static func entries(ids: [Entry.ID], in db: Database) throws -> [Entry] {
        guard !ids.isEmpty else { return [] }
        return try fetchEntries(db, where: "entries.id IN \(placeholders(ids.count))", arguments: ids.map { $0.key }).map { $0.item }
    }

    /// Reads the entry's thread path and names the IDs above it.
    public func ancestorIDs(of entry: Entry.ID) async throws -> [Entry.ID] {
        try reading { db in
            guard let path = try String.fetchOne(db, cached: "SELECT thread_path FROM entries WHERE id = ?", arguments: [entry.key])
            else { return [] }
            return ThreadPath.ids(in: path).dropLast().map(Entry.ID.init(integer:))
        }
    }

    /// Reads one range of the thread index: the paths below the entry's, after the cursor's (or after everything
    /// below it), in order.
    public func replies(below entry: Entry.ID, after cursor: ThreadCursor?, limit: Int) async throws -> [ThreadItem] {
        try reading { db in
            guard let top = try Self.threadPath(of: entry.key, in: db) else { return [] }
            var start = top
            if let cursor, let path = try Self.threadPath(of: cursor.after.key, in: db), path.hasPrefix(top) {
                start = cursor.skippingItsReplies ? ThreadPath.end(below: path) : path
            }
            let rows = try Row.fetchAll(
                db,
                cached: """
                    SELECT \(Self.entryColumns), entries.thread_path FROM entries
                    WHERE entries.thread_path > ? AND entries.thread_path < ? AND \(EntryPlace.outsideTrash.condition(on: "entries.id"))
                    ORDER BY entries.thread_path LIMIT ?
                    """,
                arguments: [start, ThreadPath.end(below: top), limit]
            )
            let photos = try Self.photos(of: rows.map { $0[EntryColumn.id.rawValue] }, in: db)
            return try rows.map { row in
                let path: String = row[Self.entryCursorColumn]
                return ThreadItem(
                    entry: try row.entry(photos: photos[row[EntryColumn.id.rawValue]] ?? []),
                    depth: ThreadPath.depth(of: path, below: top)
                )
            }
        }
    }

    /// Reads who wrote each direct reply and for whom, by the parents' index.
    public func replyAudiences(to entries: [Entry.ID]) async throws -> [Entry.ID: [EntryAudience]] {
        guard !entries.isEmpty else { return [:] }
        return try readingOneStatement { db in try Self.replyAudiences(to: entries, in: db) }
    }

    /// Who wrote each direct reply to these entries and for whom, in one statement.
    static func replyAudiences(to entries: [Entry.ID], in db: Database) throws -> [Entry.ID: [EntryAudience]] {
        guard !entries.isEmpty else { return [:] }
        var audiences: [Entry.ID: [EntryAudience]] = [:]
        try Row.forEach(
            db,
            cached: """
                SELECT reply_to, author_id, visibility, reply_journal, reply_to_author FROM entries
                WHERE reply_to IN \(placeholders(entries.count)) AND \(EntryPlace.outsideTrash.condition(on: "entries.id"))
                """,
            arguments: StatementArguments(entries.map { $0.key })
        ) { row in
            let journal: Int64? = row[3]
            audiences[Entry.ID(integer: row[0]), default: []].append(EntryAudience(
                author: Account.ID(integer: row[1]),
                visibility: try stored(Visibility.init(rawValue:), row[2] as String, "visibility"),
                journal: journal.map(Account.ID.init(integer:)), parentAuthor: Account.ID(integer: row[4])
            ))
        }
        return audiences
    }

    /// An entry's place in its thread: its stored path, or for an entry that is not a reply its own segment.
    private static func threadPath(of entry: Int64, in db: Database) throws -> String? {
        guard let row = try Row.fetchOne(db, cached: "SELECT thread_path FROM entries WHERE id = ?", arguments: [entry]) else { return nil }
        let path: String? = row[0]
        return path ?? ThreadPath.segment(entry)
    }
}
