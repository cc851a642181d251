import Foundation
import QwinkleKit
import QwinkleStorage

/// Search of entries and accounts. Entries come through the one read policy as every list does
/// (`ReadableEntries`), so a search shows exactly what the viewer could read anywhere else.
public struct SearchService: Sendable {
    /// The default page size.
    public static let defaultLimit = TimelineService.defaultLimit
    /// The largest page size; a larger limit is capped.
    public static let maximumLimit = TimelineService.maximumLimit

    let context: ServiceContext
    private let entries: EntryService
    /// How many of the newest matches are ranked together (`SearchPosition`).
    let window: Int

    /// Creates the service over the shared context, reading entries as `entries` shows them; `window` is smaller
    /// only in tests, to cross its boundary.
    public init(context: ServiceContext, entries: EntryService, window: Int = SearchPosition.maximumWindow) {
        self.context = context
        self.entries = entries
        self.window = window
    }

    /// The page a request asked for: `limit` (20 by default, capped at 100, at least 1) and `cursor`, the number a
    /// `Link` to the next page carried (0 or absent: the first page), as the `offset`: for accounts how many to
    /// skip, for entries a `SearchPosition`'s cursor.
    public static func pageRequest(limit: Int?, cursor: String?) throws -> RankedPageRequest {
        if let limit, limit < 1 { throw ServiceError.invalid(field: "limit", "limit must be at least 1.") }
        var offset = 0
        if let cursor {
            guard let value = Entry.ID.decimalInteger(cursor), let position = Int(exactly: value) else {
                throw ServiceError.invalid(field: "cursor", "cursor must be a number from the link to the next page.")
            }
            offset = position
        }
        return RankedPageRequest(offset: offset, limit: min(limit ?? defaultLimit, maximumLimit))
    }

    /// Reads a query as typed, or refuses it with 422 naming the problem (`SearchQueryError.code`).
    public static func query(_ text: String) throws -> SearchQuery {
        switch Result(catching: { () throws(SearchQueryError) in try SearchQuery(parsing: text) }) {
        case .success(let query): return query
        case .failure(let error): throw ServiceError.unprocessable(code: error.code, message: error.message)
        }
    }

    /// A page of the entries matching `text` that the viewer may read, best match first, each with its snippet.
    /// The page's `next` is the cursor of the following page.
    public func entries(matching text: String, page: RankedPageRequest, viewer: Viewer) async throws -> ListPage<SearchHit> {
        let query = try Self.query(text)
        let search = EntrySearch(query: query, viewer: viewer.account)
        let storage = context.storage
        let window = window
        // A ranking has no cursor of its own: an item's cursor names the ranked window it is in and its place there.
        let (found, next) = try await ReadableEntries.collect(limit: page.limit, from: Int64(page.offset), scope: nil, viewer: viewer) { cursor, count in
            guard let start = SearchPosition(cursor: cursor ?? 0) else { return [] }
            return try await storage.searchEntries(search, page: SearchPageRequest(start: start, limit: count, window: window))
        }
        let shown = try await entries.shown(found.map(\.item), viewer: viewer)
        // An entry with a content warning is found by it or its text, and shown by its warning: a result does not
        // give away what the warning hides.
        return ListPage(items: shown.map { SearchHit(entry: $0, snippet: SearchSnippet(text: $0.entry.content.warning ?? $0.entry.body, query: query)) }, next: next)
    }

    /// A page of the accounts whose username or display name starts with `text` (a leading `@` is left out).
    ///
    /// A whole handle of someone elsewhere (`@bea@social.example`) not kept here yet is looked up on their server
    /// only for `resolvingFor`, a signed-in searcher who asked for it: a lookup makes this server contact another,
    /// which nobody who is not signed in may make it do (it would be a way to have it knock on any server's door).
    public func accounts(matching text: String, page: RankedPageRequest, resolvingFor searcher: Account? = nil) async throws -> ListPage<Account> {
        var prefix = Substring(text.trimmingCharacters(in: .whitespacesAndNewlines))
        if prefix.hasPrefix("@") { prefix = prefix.dropFirst() }
        guard !prefix.isEmpty else { throw ServiceError.unprocessable(code: SearchQueryError.empty.code, message: "Type the start of a username or a name.") }
        // Names hold no control characters, and PostgreSQL takes no NUL in text: such a prefix is refused, not sent.
        guard !prefix.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw ServiceError.unprocessable(code: "invalid_characters", message: "A name holds no control characters; type the start of a username or a name.")
        }
        guard prefix.unicodeScalars.count <= SearchQuery.maximumLength else {
            let error = SearchQueryError.tooLong(maximum: SearchQuery.maximumLength)
            throw ServiceError.unprocessable(code: error.code, message: error.message)
        }
        var found = try await context.storage.searchAccounts(prefix: String(prefix), page: page)
        let next = found.count == page.limit ? Int64(page.offset + found.count) : nil
        // A whole handle of someone on another server is looked up there when it is not kept here yet, so that
        // searching for a person elsewhere finds them, as Mastodon's search with `resolve=true` does.
        let handle = prefix.lowercased()
        if searcher != nil, page.offset == 0, handle.contains("@"), context.remote != nil, !found.contains(where: { $0.username == handle }) {
            do {
                found.insert(try await context.findAccount(username: handle), at: 0)
            } catch ServiceError.notFound {}
        }
        return ListPage(items: found, next: next)
    }
}
