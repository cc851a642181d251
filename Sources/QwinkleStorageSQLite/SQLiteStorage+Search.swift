import Foundation
import GRDB
import QwinkleKit
import QwinkleStorage
import QwinkleStorageSQL

extension SQLiteStorage: SearchStore {
    /// Reads each window of matches from the FTS5 index newest first (its rowid order, which costs no sorting) with
    /// their bm25, lets `SearchPageRequest.walk` rank and page them, then reads the page's entries as every read
    /// does, which leaves the trash out. bm25 is computed for a window's rows only, never for every match.
    public func searchEntries(_ search: EntrySearch, page: SearchPageRequest) async throws -> [Paged<Entry>] {
        try reading { db in
            let ranked = try page.walk { below, size in
                let query = Self.windowQuery(search, below: below, size: size)
                return try Row.fetchAll(db, sql: query.sql, arguments: query.arguments).map { row in
                    // bm25 is lower for a better match.
                    ScoredMatch(id: row[0], score: -(row[1] as Double))
                }
            }
            guard !ranked.isEmpty else { return [] }
            let ids = ranked.map(\.item)
            let found = try Self.fetchEntries(db, where: "entries.id IN (\(list: ids))")
            let byID = Dictionary(found.map { ($0.item.id.key, $0.item) }, uniquingKeysWith: { first, _ in first })
            return ranked.compactMap { paged in byID[paged.item].map { Paged(cursor: paged.cursor, item: $0) } }
        }
    }

    /// Reads accounts by the prefix of their username or display name; `LIKE`'s wildcards in the prefix are escaped.
    public func searchAccounts(prefix: String, page: RankedPageRequest) async throws -> [Account] {
        try reading { db in
            let pattern = String.likePrefix(prefix)
            return try Row.fetchAll(
                db,
                cached: """
                    SELECT \(Self.accountColumns) FROM accounts
                    WHERE accounts.username LIKE ? ESCAPE '\\' OR accounts.display_name LIKE ? ESCAPE '\\'
                    ORDER BY accounts.username = ? DESC, accounts.username LIKE ? ESCAPE '\\' DESC, accounts.username
                    LIMIT ? OFFSET ?
                    """,
                arguments: [pattern, pattern, prefix.lowercased(), pattern, page.limit, page.offset]
            ).map { try $0.account() }
        }
    }

    /// The query of one window: the newest `size` matches below `below` with their bm25 (0 without terms), with
    /// `EntrySearch.mayInclude` and each filter in SQL, and the terms as an FTS5 expression built here
    /// (`ftsExpression`), bound as one value. With terms, FTS5 reads its index in descending rowid order and stops
    /// at the window's last row.
    private static func windowQuery(_ search: EntrySearch, below: Int64?, size: Int) -> (sql: String, arguments: StatementArguments) {
        let query = search.query
        let viewer = search.viewer?.key ?? 0
        var conditions = [
            """
            (entries.author_id = ? OR (entries.reply_to_author = ? AND entries.visibility <> 'private' AND entries.reply_journal IS NULL)
                OR (entries.reply_journal IS NULL AND (entries.visibility = 'public'
                    OR (entries.visibility = 'followers' AND entries.author_id IN (SELECT followee_id FROM follows WHERE follower_id = ?))
                    OR (entries.visibility = 'journal' AND entries.author_id IN (SELECT owner_id FROM journal_readers WHERE reader_id = ?))))
                OR (entries.visibility = 'journal' AND (entries.reply_journal = ?
                    OR entries.reply_journal IN (SELECT owner_id FROM journal_readers WHERE reader_id = ?))))
            """,
            EntryPlace.outsideTrash.condition(on: "entries.id"),
        ]
        var arguments: [(any DatabaseValueConvertible)?] = [viewer, viewer, viewer, viewer, viewer, viewer]
        if let author = query.author {
            conditions.append("entries.author_id = (SELECT id FROM accounts WHERE username = ?)")
            arguments.append(author)
        }
        if let kind = query.kind {
            conditions.append("entries.kind = ?")
            arguments.append(kind.rawValue)
        }
        if !query.creatures.isEmpty {
            conditions.append("entries.dream_creature IN \(placeholders(query.creatures.count))")
            for creature in query.creatures.map(\.rawValue).sorted() { arguments.append(creature) }
        }
        if query.hasPhoto {
            conditions.append("EXISTS (SELECT 1 FROM entry_photos WHERE entry_photos.entry_id = entries.id)")
        }
        for tag in query.tags {
            conditions.append("EXISTS (SELECT 1 FROM entry_tags WHERE entry_tags.tag = ? AND entry_tags.entry_id = entries.id)")
            arguments.append(tag)
        }
        if let before = query.before {
            conditions.append("entries.created_at < ?")
            arguments.append(before)
        }
        if let after = query.after {
            conditions.append("entries.created_at >= ?")
            arguments.append(after)
        }
        if !query.excluded.isEmpty {
            conditions.append("entries.id NOT IN (SELECT rowid FROM entries_search WHERE entries_search MATCH ?)")
            arguments.append(ftsExpression(query.excluded, joinedBy: "OR"))
        }
        let sql: String
        if query.terms.isEmpty {
            if let below {
                conditions.insert("entries.id < ?", at: 0)
                arguments.insert(below, at: 0)
            }
            sql = "SELECT entries.id, 0.0 FROM entries WHERE \(conditions.joined(separator: " AND ")) ORDER BY entries.id DESC LIMIT ?"
        } else {
            // The bound is on the FTS5 table's rowid so that FTS5 itself starts its descending read there.
            if let below {
                conditions.insert("entries_search.rowid < ?", at: 0)
                arguments.insert(below, at: 0)
            }
            conditions.insert("entries_search MATCH ?", at: 0)
            arguments.insert(ftsExpression(query.terms, joinedBy: "AND"), at: 0)
            sql = """
                SELECT entries.id, bm25(entries_search) FROM entries_search JOIN entries ON entries.id = entries_search.rowid
                WHERE \(conditions.joined(separator: " AND ")) ORDER BY entries_search.rowid DESC LIMIT ?
                """
        }
        arguments.append(size)
        return (sql, StatementArguments(arguments))
    }

    /// Terms as an FTS5 expression: each a string in double quotes (a phrase of its words), with any `"` in a word
    /// doubled, so no word is ever read as FTS5 syntax (`NEAR`, `AND`, `*`, `^`, a column filter).
    static func ftsExpression(_ terms: [SearchTerm], joinedBy connective: String) -> String {
        terms.map { term in
            "\"" + term.words.joined(separator: " ").replacing("\"", with: "\"\"") + "\""
        }.joined(separator: " \(connective) ")
    }
}
