import Foundation
import PostgresNIO
import QwinkleKit
import QwinkleStorage
import QwinkleStorageSQL

extension PostgresStorage: ThreadStore {
    /// Reads the entries among these IDs that are outside the trash.
    public func entries(ids: [Entry.ID]) async throws -> [Entry] {
        guard !ids.isEmpty else { return [] }
        return try await reading { connection in try await entries(ids: ids, on: connection) }
    }

    /// The entries among these IDs that are outside the trash, in one query on `connection`.
    func entries(ids: [Entry.ID], on connection: PostgresConnection) async throws -> [Entry] {
        guard !ids.isEmpty else { return [] }
        return try await fetchEntries(on: connection, where: "entries.id = ANY(\(ids.map(\.key))::BIGINT[])").map(\.item)
    }

    /// Reads the entry's thread path and names the IDs above it.
    public func ancestorIDs(of entry: Entry.ID) async throws -> [Entry.ID] {
        try await reading { connection in
            let path = try await connection.query("SELECT thread_path FROM entries WHERE id = \(entry.key)", logger: logger)
                .first { try $0.decode(String?.self) } ?? nil
            return path.map { ThreadPath.ids(in: $0).dropLast().map(Entry.ID.init(integer:)) } ?? []
        }
    }

    /// Reads one range of the thread index: the paths below the entry's, after the cursor's (or after everything
    /// below it), in order.
    public func replies(below entry: Entry.ID, after cursor: ThreadCursor?, limit: Int) async throws -> [ThreadItem] {
        try await reading { connection in
            guard let top = try await threadPath(of: entry.key, on: connection) else { return [] }
            var start = top
            if let cursor, let path = try await threadPath(of: cursor.after.key, on: connection), path.hasPrefix(top) {
                start = cursor.skippingItsReplies ? ThreadPath.end(below: path) : path
            }
            let query: SQL = """
                SELECT \(raw: Self.entryColumns), entries.thread_path FROM entries
                WHERE entries.thread_path > \(start) AND entries.thread_path < \(ThreadPath.end(below: top))
                    AND \(raw: EntryPlace.outsideTrash.condition(on: "entries.id"))
                ORDER BY entries.thread_path LIMIT \(limit)
                """
            return try await connection.query(try query.query, logger: logger).map { row in
                let random = PostgresRandomAccessRow(row)
                let path = try random[Self.entryColumnCount].decode(String.self)
                return ThreadItem(entry: try Entry(row: random), depth: ThreadPath.depth(of: path, below: top))
            }
        }
    }

    /// Reads who wrote each direct reply and for whom, by the parents' index.
    public func replyAudiences(to entries: [Entry.ID]) async throws -> [Entry.ID: [EntryAudience]] {
        guard !entries.isEmpty else { return [:] }
        return try await reading { connection in try await replyAudiences(to: entries, on: connection) }
    }

    /// Who wrote each direct reply to these entries and for whom, in one query on `connection`.
    func replyAudiences(to entries: [Entry.ID], on connection: PostgresConnection) async throws -> [Entry.ID: [EntryAudience]] {
        guard !entries.isEmpty else { return [:] }
        let rows = try await connection.query(
            """
            SELECT reply_to, author_id, visibility, reply_journal, reply_to_author FROM entries
            WHERE reply_to = ANY(\(entries.map(\.key))::BIGINT[]) AND \(unescaped: EntryPlace.outsideTrash.condition(on: "entries.id"))
            """,
            logger: logger
        )
        var audiences: [Entry.ID: [EntryAudience]] = [:]
        for try await (parent, author, visibility, journal, parentAuthor) in rows.decode((Int64, Int64, String, Int64?, Int64).self) {
            audiences[Entry.ID(integer: parent), default: []].append(EntryAudience(
                author: Account.ID(integer: author),
                visibility: try stored(Visibility.init(rawValue:), visibility, "visibility"),
                journal: journal.map(Account.ID.init(integer:)), parentAuthor: Account.ID(integer: parentAuthor)
            ))
        }
        return audiences
    }

    /// An entry's place in its thread: its stored path, or for an entry that is not a reply its own segment.
    private func threadPath(of entry: Int64, on connection: PostgresConnection) async throws -> String? {
        let found = try await connection.query("SELECT thread_path FROM entries WHERE id = \(entry)", logger: logger)
            .first { try $0.decode(String?.self) }
        guard let found else { return nil }
        return found ?? ThreadPath.segment(entry)
    }
}
