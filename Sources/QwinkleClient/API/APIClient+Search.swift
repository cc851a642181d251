import Foundation
import QwinkleAPITypes
import QwinkleKit

extension APIClient {
    /// A page of the entries matching `query` (see docs/api.md for its syntax), best match first; `cursor` is the
    /// previous page's `nextCursor`. A query the server cannot read is `QwinkleError` with its 422 message.
    public func searchEntries(_ query: String, limit: Int? = nil, cursor: String? = nil) async throws(QwinkleError) -> Page<SearchResult> {
        let (results, link) = try await search(query, type: .entries, limit: limit, cursor: cursor)
        let items = try results.entries.map { hit throws(QwinkleError) in
            SearchResult(entry: try understood { try hit.entry.model() }, snippet: SearchSnippet(parts: hit.snippet.map(\.model)))
        }
        return Page(items: items, nextCursor: nextCursor(fromLink: link, parameter: "cursor"))
    }

    /// A page of the accounts whose username or display name starts with `prefix`.
    public func searchAccounts(_ prefix: String, limit: Int? = nil, cursor: String? = nil) async throws(QwinkleError) -> Page<Account> {
        let (results, link) = try await search(prefix, type: .accounts, limit: limit, cursor: cursor)
        let items = try results.accounts.map { account throws(QwinkleError) in try understood { try account.model() } }
        return Page(items: items, nextCursor: nextCursor(fromLink: link, parameter: "cursor"))
    }

    /// One call of the search operation: the results and the `Link` header.
    private func search(
        _ query: String, type: Components.Schemas.SearchType, limit: Int?, cursor: String?
    ) async throws(QwinkleError) -> (Components.Schemas.SearchResults, String?) {
        try await call {
            guard case .ok(let ok) = try await generated.search(query: .init(q: query, _type: type, limit: limit, cursor: cursor)),
                case .json(let results) = ok.body
            else { throw unexpected(0) }
            return (results, ok.headers.link)
        }
    }
}
