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
        try await reading { connection in
            let ranked = try await page.walk { below, size in
                let query = try Self.windowQuery(search, below: below, size: size).query
                var matches: [ScoredMatch] = []
                for try await (id, score) in try await connection.query(query, logger: self.logger).decode((Int64, Double).self) {
                    matches.append(ScoredMatch(id: id, score: score))
                }
                return matches
            }
            guard !ranked.isEmpty else { return [] }
            let ids = ranked.map(\.item)
            let query: SQL = "SELECT \(raw: Self.entryColumns) FROM entries WHERE entries.id = ANY(\(ids)::BIGINT[])"
            let found = try await connection.query(try query.query, logger: self.logger).map { try $0.entry() }
            let byID = Dictionary(found.map { ($0.id.key, $0) }, uniquingKeysWith: { first, _ in first })
            return ranked.compactMap { paged in byID[paged.item].map { Paged(cursor: paged.cursor, item: $0) } }
        }
    }

    /// Reads accounts by the prefix of their username or display name; `LIKE`'s wildcards in the prefix are escaped.
    public func searchAccounts(prefix: String, page: RankedPageRequest) async throws -> [Account] {
        let pattern = String.likePrefix(prefix)
        let username = prefix.lowercased()
        let usernamePattern = String.likePrefix(username)
        let query: SQL = """
            SELECT \(raw: Self.accountColumns) FROM accounts
            WHERE accounts.username LIKE \(usernamePattern) ESCAPE '\\' OR accounts.display_name ILIKE \(pattern) ESCAPE '\\'
            ORDER BY accounts.username = \(username) DESC, accounts.username LIKE \(usernamePattern) ESCAPE '\\' DESC,
                accounts.username COLLATE "C"
            LIMIT \(Int64(page.limit)) OFFSET \(Int64(page.offset))
            """
        let built = try query.query
        return try await reading { connection in
            try await connection.query(built, logger: logger).map { try $0.account() }
        }
    }

    /// One window as one query: the newest `size` matches below `below` with their rank (0 without terms),
    /// `EntrySearch.mayInclude` and each filter in SQL, and the terms as a `tsquery` built here
    /// (`tsquery(_:joinedBy:)`). The rank is computed outside the window's `LIMIT`, for its rows only.
    private static func windowQuery(_ search: EntrySearch, below: Int64?, size: Int) -> SQL {
        let query = search.query
        let viewer = search.viewer?.key ?? 0
        var conditions: [SQL] = [
            """
            (entries.author_id = \(viewer) OR (entries.reply_to_author = \(viewer) AND entries.visibility <> 'private' AND entries.reply_journal IS NULL)
                OR (entries.reply_journal IS NULL AND (entries.visibility = 'public'
                    OR (entries.visibility = 'followers' AND entries.author_id IN (SELECT followee_id FROM follows WHERE follower_id = \(viewer)))
                    OR (entries.visibility = 'journal' AND entries.author_id IN (SELECT owner_id FROM journal_readers WHERE reader_id = \(viewer)))))
                OR (entries.visibility = 'journal' AND (entries.reply_journal = \(viewer)
                    OR entries.reply_journal IN (SELECT owner_id FROM journal_readers WHERE reader_id = \(viewer)))))
            """,
            "\(raw: EntryPlace.outsideTrash.condition(on: "entries.id"))",
        ]
        if let author = query.author {
            conditions.append("entries.author_id = (SELECT id FROM accounts WHERE username = \(author))")
        }
        if let kind = query.kind {
            conditions.append("entries.kind = \(kind.rawValue)")
        }
        if !query.creatures.isEmpty {
            conditions.append("entries.dream_creature = ANY(\(query.creatures.map(\.rawValue).sorted())::TEXT[])")
        }
        if query.hasPhoto {
            conditions.append("EXISTS (SELECT 1 FROM entry_photos WHERE entry_photos.entry_id = entries.id)")
        }
        for tag in query.tags {
            conditions.append("EXISTS (SELECT 1 FROM entry_tags WHERE entry_tags.tag = \(tag) AND entry_tags.entry_id = entries.id)")
        }
        if let before = query.before {
            conditions.append("entries.created_at < \(before)")
        }
        if let after = query.after {
            conditions.append("entries.created_at >= \(after)")
        }
        if !query.excluded.isEmpty {
            conditions.append("NOT (entries.search_vector @@ \(tsquery(query.excluded, joinedBy: "||")))")
        }
        if let below {
            conditions.append("entries.id < \(below)")
        }
        var score: SQL = "0::FLOAT8"
        if !query.terms.isEmpty {
            let wanted = tsquery(query.terms, joinedBy: "&&")
            conditions.append("entries.search_vector @@ \(wanted)")
            score = "ts_rank(window_rows.search_vector, \(wanted), 1)::FLOAT8"
        }
        var condition: SQL = "TRUE"
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
    private static func tsquery(_ terms: [SearchTerm], joinedBy connective: String) -> SQL {
        var combined: SQL = ""
        for (index, term) in terms.enumerated() {
            let text = term.words.joined(separator: " ")
            let part: SQL = switch term {
            case .word: "plainto_tsquery('simple'::regconfig, \(text))"
            case .phrase: "phraseto_tsquery('simple'::regconfig, \(text))"
            }
            combined = index == 0 ? part : "\(combined) \(raw: connective) \(part)"
        }
        return "(\(combined))"
    }
}
