import QwinkleKit
import QwinkleStorage
import QwinkleStorageSQL

extension PostgresStorage {
    /// The account a session token's hash belongs to: every signed-in request asks.
    enum TokenAccount: FixedQuery {
        static let name = "token_account"
        static let sql = Statements.tokenAccount(hash: "").rendered(for: .postgres).text
    }

    /// Accounts by ID: a page's authors.
    enum AccountsByID: FixedQuery {
        static let name = "accounts_by_id"
        static let sql = "SELECT \(accountColumns) FROM accounts WHERE id = ANY($1)"
    }

    /// One account by ID.
    enum AccountByID: FixedQuery {
        static let name = "account_by_id"
        static let sql = Statements.account(id: Account.ID(integer: 0)).rendered(for: .postgres).text
    }

    /// One account by its lowercase username.
    enum AccountByUsername: FixedQuery {
        static let name = "account_by_username"
        static let sql = Statements.account(username: "").rendered(for: .postgres).text
    }

    /// Which of some entries outside the trash an account marked: a page's marks.
    enum MarkedAmong: FixedQuery {
        static let name = "marked_among"
        static let sql = """
            SELECT entry_id FROM marks WHERE account_id = $1 AND entry_id = ANY($2)
                AND \(EntryPlace.outsideTrash.condition(on: "marks.entry_id"))
            """
    }

    /// One entry outside the trash, with its cursor (its ID).
    enum EntryByID: FixedQuery {
        static let name = "entry_by_id"
        static let sql = """
            SELECT \(entryColumns), entries.id FROM entries
            WHERE entries.id = $1 AND \(EntryPlace.outsideTrash.condition(on: "entries.id"))
            """
    }

    /// A page of everyone's public entries: `$1` max, `$2` since, `$3` limit.
    enum PublicPage: FixedQuery {
        static let name = "public_page"
        static let sql = page(where: "entries.visibility = 'public' AND entries.unlisted = 0")
    }

    /// A page of one author's entries, all of them (the author reads their own): `$4` the author.
    enum OwnPage: FixedQuery {
        static let name = "own_page"
        static let sql = page(where: "entries.author_id = $4")
    }

    /// A page of one author's entries that others may list (not `private`): `$4` the author.
    enum AuthorPage: FixedQuery {
        static let name = "author_page"
        static let sql = page(where: "entries.author_id = $4 AND entries.visibility <> 'private'")
    }

    /// A page of entries by ID, newest first, narrowed by `condition`: `$1` max, `$2` since, `$3` limit.
    private static func page(where condition: String) -> String {
        """
        SELECT \(entryColumns), entries.id FROM entries
        WHERE \(condition) AND entries.id < $1 AND entries.id > $2 AND \(EntryPlace.outsideTrash.condition(on: "entries.id"))
        ORDER BY entries.id DESC LIMIT $3
        """
    }
}
