import QwinkleKit
import QwinkleStorage

// Searching entries is each backend's full-text index (`searchEntries`), over the conditions both share
// (`EntrySearch.sharedConditions`); accounts are searched alike.
extension SearchStore where Self: SQLDatabase {
    /// Reads accounts by the prefix of their username or display name, the exact username first, then usernames
    /// that start with it, then by username; `LIKE`'s wildcards in the prefix are escaped. Display names match
    /// whatever their case (SQLite's `LIKE` ignores ASCII case; PostgreSQL's `ILIKE` any case).
    public func searchAccounts(prefix: String, page: RankedPageRequest) async throws -> [Account] {
        let pattern = String.likePrefix(prefix)
        let username = prefix.lowercased()
        let usernamePattern = String.likePrefix(username)
        return try await readStatement { connection in
            try await connection.rows(
                """
                SELECT \(raw: Columns.account) FROM accounts
                WHERE accounts.username LIKE \(usernamePattern) ESCAPE '\\'
                    OR accounts.display_name \(sqlite: "LIKE", postgres: "ILIKE") \(pattern) ESCAPE '\\'
                ORDER BY accounts.username = \(username) DESC, accounts.username LIKE \(usernamePattern) ESCAPE '\\' DESC,
                    accounts.username \(sqlite: "", postgres: "COLLATE \"C\"")
                LIMIT \(page.limit) OFFSET \(page.offset)
                """
            ) { try $0.account() }
        }
    }
}
