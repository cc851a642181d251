import Foundation
import PostgresNIO
import QwinkleKit
import QwinkleStorage
import QwinkleStorageSQL

extension PostgresStorage: SearchStore {
    /// Reads each window of matches (the newest by ID, then `ts_rank` divided by the log of the text's length, as
    /// bm25 weighs it in SQLite, for those rows only), lets `SearchPageRequest.walk` rank and page them, then reads
    /// the page's entries. The GIN index gives no ID order, but sorting the matches' IDs for the newest ones is
    /// still far cheaper than ranking every match.
    public func searchEntries(_ search: EntrySearch, page: SearchPageRequest) async throws -> [Paged<Entry>] {
        try await read { connection in
            let ranked = try await page.walk { below, size in
                try await connection.rows(Self.windowQuery(search, below: below, size: size)) { row in
                    ScoredMatch(id: try row[0], score: try row[1])
                }
            }
            guard !ranked.isEmpty else { return [] }
            let found = try await connection.entries(where: "entries.id IN (\(list: ranked.map(\.item)))").map(\.item)
            let byID = Dictionary(found.map { ($0.id.key, $0) }, uniquingKeysWith: { first, _ in first })
            return ranked.compactMap { paged in byID[paged.item].map { Paged(cursor: paged.cursor, item: $0) } }
        }
    }

    /// One window as one query: the newest `size` matches below `below` with their rank (0 without terms), the
    /// conditions both databases share (`EntrySearch.sharedConditions`), and the terms as a `tsquery` built here
    /// (`tsquery(_:joinedBy:)`). The rank is computed outside the window's `LIMIT`, for its rows only.
    private static func windowQuery(_ search: EntrySearch, below: Int64?, size: Int) -> QwinkleStorageSQL.SQL {
        let query = search.query
        var conditions = search.sharedConditions
        if !query.excluded.isEmpty {
            conditions.append("NOT (entries.search_vector @@ \(tsquery(query.excluded, joinedBy: "||")))")
        }
        if let below {
            conditions.append("entries.id < \(below)")
        }
        var score: QwinkleStorageSQL.SQL = "0::FLOAT8"
        if !query.terms.isEmpty {
            let wanted = tsquery(query.terms, joinedBy: "&&")
            conditions.append("entries.search_vector @@ \(wanted)")
            score = "ts_rank(window_rows.search_vector, \(wanted), 1)::FLOAT8"
        }
        var condition: QwinkleStorageSQL.SQL = "TRUE"
        for part in conditions {
            condition = "\(condition) AND \(part)"
        }
        return """
            SELECT window_rows.id, \(score) FROM (
                SELECT entries.id, entries.search_vector FROM entries WHERE \(condition) ORDER BY entries.id DESC LIMIT \(Int64(size))
            ) AS window_rows
            """
    }

    /// Terms as a `tsquery`: each term's words bound as a value and made a query by `plainto_tsquery` (one word) or
    /// `phraseto_tsquery` (a phrase), which read plain text and never `tsquery` syntax; the code joins them with
    /// `&&` (all) or `||` (any).
    private static func tsquery(_ terms: [SearchTerm], joinedBy connective: String) -> QwinkleStorageSQL.SQL {
        var combined: QwinkleStorageSQL.SQL = ""
        for (index, term) in terms.enumerated() {
            let text = term.words.joined(separator: " ")
            let part: QwinkleStorageSQL.SQL = switch term {
            case .word: "plainto_tsquery('simple'::regconfig, \(text))"
            case .phrase: "phraseto_tsquery('simple'::regconfig, \(text))"
            }
            combined = index == 0 ? part : "\(combined) \(raw: connective) \(part)"
        }
        return "(\(combined))"
    }
}
