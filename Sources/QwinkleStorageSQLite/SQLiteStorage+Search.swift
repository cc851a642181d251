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
                // bm25 is lower for a better match.
                try SQLiteConnection(db: db).fetch(Self.windowQuery(search, below: below, size: size)) { row in
                    ScoredMatch(id: try row[0], score: -(try row[1] as Double))
                }
            }
            guard !ranked.isEmpty else { return [] }
            let ids = ranked.map(\.item)
            let found = try Self.fetchEntries(db, where: "entries.id IN (\(list: ids))")
            let byID = Dictionary(found.map { ($0.item.id.key, $0.item) }, uniquingKeysWith: { first, _ in first })
            return ranked.compactMap { paged in byID[paged.item].map { Paged(cursor: paged.cursor, item: $0) } }
        }
    }

    /// The query of one window: the newest `size` matches below `below` with their bm25 (0 without terms), with the
    /// conditions both databases share (`EntrySearch.sharedConditions`), and the terms as an FTS5 expression built
    /// here (`ftsExpression`), bound as one value. With terms, FTS5 reads its index in descending rowid order and
    /// stops at the window's last row.
    private static func windowQuery(_ search: EntrySearch, below: Int64?, size: Int) -> QwinkleStorageSQL.SQL {
        let query = search.query
        var conditions = search.sharedConditions
        if !query.excluded.isEmpty {
            conditions.append("entries.id NOT IN (SELECT rowid FROM entries_search WHERE entries_search MATCH \(ftsExpression(query.excluded, joinedBy: "OR")))")
        }
        if query.terms.isEmpty {
            if let below { conditions.insert("entries.id < \(below)", at: 0) }
            return """
                SELECT entries.id, 0.0 FROM entries WHERE \(QwinkleStorageSQL.SQL.joined(conditions, separator: " AND "))
                ORDER BY entries.id DESC LIMIT \(size)
                """
        }
        // The bound is on the FTS5 table's rowid so that FTS5 itself starts its descending read there.
        if let below { conditions.insert("entries_search.rowid < \(below)", at: 0) }
        conditions.insert("entries_search MATCH \(ftsExpression(query.terms, joinedBy: "AND"))", at: 0)
        return """
            SELECT entries.id, bm25(entries_search) FROM entries_search JOIN entries ON entries.id = entries_search.rowid
            WHERE \(QwinkleStorageSQL.SQL.joined(conditions, separator: " AND ")) ORDER BY entries_search.rowid DESC LIMIT \(size)
            """
    }

    /// Terms as an FTS5 expression: each a string in double quotes (a phrase of its words), with any `"` in a word
    /// doubled, so no word is ever read as FTS5 syntax (`NEAR`, `AND`, `*`, `^`, a column filter).
    static func ftsExpression(_ terms: [SearchTerm], joinedBy connective: String) -> String {
        terms.map { term in
            "\"" + term.words.joined(separator: " ").replacing("\"", with: "\"\"") + "\""
        }.joined(separator: " \(connective) ")
    }
}
