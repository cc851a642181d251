import QwinkleKit

/// A search of entries: the parsed query, and whose relations narrow it.
public struct EntrySearch: Hashable, Sendable {
    /// What to look for.
    public var query: SearchQuery
    /// Who is searching (`nil`: signed out).
    public var viewer: Account.ID?

    /// Describes a search.
    public init(query: SearchQuery, viewer: Account.ID?) {
        self.query = query
        self.viewer = viewer
    }
}

/// Which page of a ranked list of accounts to read: such a ranking has no cursor of its own to page by, so a page
/// starts after the first `offset` items of the ranking. (Entry search results page by `SearchPosition`; for them the
/// service reads `offset` as a position's cursor number.)
public struct RankedPageRequest: Hashable, Sendable {
    /// How many items of the ranking to skip.
    public var offset: Int
    /// The most items to return.
    public var limit: Int

    /// Describes a page.
    public init(offset: Int, limit: Int) {
        self.offset = offset
        self.limit = limit
    }
}

/// Full-text search of entries and prefix search of accounts.
///
/// Each backend keeps its own index of entries' text in step with every write that changes it (create, edit,
/// restoring a revision, deletion and restoring from the trash), and builds its match expression from the parsed
/// `SearchQuery` alone, quoting every word itself.
public protocol SearchStore: Sendable {
    /// Entries outside the trash that hold every term and no excluded one and pass every filter, ranked by
    /// relevance (best first) and then by recency (newest first) within windows of the newest matches
    /// (`SearchPosition`, walked by `SearchPageRequest.walk`); without terms, newest first. Each entry comes with
    /// the cursor of the position after it.
    ///
    /// Only entries the viewer's relations could let them read come back (the read policy, in SQL: `SQL.readable(by:)`): the viewer's own,
    /// `public` ones, `followers` ones of accounts they follow and `journal` ones shared with them. This narrows;
    /// the read policy still judges every entry.
    func searchEntries(_ search: EntrySearch, page: SearchPageRequest) async throws -> [Paged<Entry>]
    /// Accounts whose username or display name starts with `prefix` (without regard to case): an exact username
    /// first, then usernames that start so, then display names, each alphabetically by username.
    func searchAccounts(prefix: String, page: RankedPageRequest) async throws -> [Account]
}
