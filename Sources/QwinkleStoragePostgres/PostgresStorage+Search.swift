import Foundation
import PostgresNIO
import QwinkleKit
import QwinkleStorage

extension PostgresStorage: SearchStore {
    /// Reads the ranked entries (`ts_rank` divided by the log of the text's length, as bm25 weighs it in SQLite,
    /// then newest first) in one query over the generated `search_vector`.
    public func searchEntries(_ search: EntrySearch, page: RankedPageRequest) async throws -> [Entry] {
        let query = try Self.searchQuery(search, page: page).query
        return try await reading { connection in
            try await connection.query(query, logger: logger).map { try $0.entry() }
        }
    }

    /// Reads accounts by the prefix of their username or display name; `LIKE`'s wildcards in the prefix are escaped.
    public func searchAccounts(prefix: String, page: RankedPageRequest) async throws -> [Account] {
        let pattern = Self.likePrefix(prefix)
        let username = prefix.lowercased()
        let query: SQL = """
            SELECT \(raw: Self.accountColumns) FROM accounts
            WHERE accounts.username LIKE \(Self.likePrefix(username)) ESCAPE '\\' OR accounts.display_name ILIKE \(pattern) ESCAPE '\\'
            ORDER BY accounts.username = \(username) DESC, accounts.username LIKE \(Self.likePrefix(username)) ESCAPE '\\' DESC,
                accounts.username COLLATE "C"
            LIMIT \(Int64(page.limit)) OFFSET \(Int64(page.offset))
            """
        let built = try query.query
        return try await reading { connection in
            try await connection.query(built, logger: logger).map { try $0.account() }
        }
    }

    /// `text%` for `LIKE … ESCAPE '\'`, with the text's own `%`, `_` and `\` taken literally.
    static func likePrefix(_ text: String) -> String {
        var pattern = ""
        for character in text {
            if character == "%" || character == "_" || character == "\\" { pattern.append("\\") }
            pattern.append(character)
        }
        return pattern + "%"
    }

    /// The search as one query: `EntrySearch.mayInclude` and each filter in SQL, and the terms as a `tsquery` built
    /// here (`tsquery(_:joinedBy:)`).
    private static func searchQuery(_ search: EntrySearch, page: RankedPageRequest) -> SQL {
        let query = search.query
        let viewer = search.viewer?.key ?? 0
        var conditions: [SQL] = [
            """
            (entries.author_id = \(viewer) OR entries.visibility = 'public'
                OR (entries.visibility = 'followers' AND entries.author_id IN (SELECT followee_id FROM follows WHERE follower_id = \(viewer)))
                OR (entries.visibility = 'journal' AND entries.author_id IN (SELECT owner_id FROM journal_readers WHERE reader_id = \(viewer))))
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
        if let before = query.before {
            conditions.append("entries.created_at < \(before)")
        }
        if let after = query.after {
            conditions.append("entries.created_at >= \(after)")
        }
        if !query.excluded.isEmpty {
            conditions.append("NOT (entries.search_vector @@ \(tsquery(query.excluded, joinedBy: "||")))")
        }
        var order: SQL = "entries.id DESC"
        if !query.terms.isEmpty {
            let wanted = tsquery(query.terms, joinedBy: "&&")
            conditions.append("entries.search_vector @@ \(wanted)")
            order = "ts_rank(entries.search_vector, \(wanted), 1) DESC, entries.id DESC"
        }
        var condition: SQL = "TRUE"
        for part in conditions {
            condition = "\(condition) AND \(part)"
        }
        return """
            SELECT \(raw: entryColumns) FROM entries WHERE \(condition) ORDER BY \(order)
            LIMIT \(Int64(page.limit)) OFFSET \(Int64(page.offset))
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
