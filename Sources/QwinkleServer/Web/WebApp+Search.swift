import Foundation
import HTTPTypes
import Hummingbird
import QwinkleKit
import QwinkleServices

extension WebApp {
    /// The search page: the query, and the entries (or people) it found as the visitor may read them.
    struct SearchContent: Sendable {
        /// An entry found, with its snippet as runs of text, the matching ones marked.
        struct Result: Sendable {
            let entry: EntryView
            let snippet: [SnippetPart]
        }

        /// A run of a snippet.
        struct SnippetPart: Sendable {
            let text: String
            let match: Bool
        }

        let query: String
        let searchingPeople: Bool
        let entriesURL: String
        let peopleURL: String
        let results: [Result]
        let people: [AccountView]
        /// Why the query could not be read, in words.
        let error: String?
        let nextURL: String?
        /// Whether a query was sent, so that "nothing found" is said only after a search.
        let searched: Bool
        let found: Bool
    }

    /// `GET /search?q=…[&type=accounts][&cursor=…]`: the same search as the API's, through the same service.
    func searchPage(_ request: Request, visit: WebVisit) async throws -> Response {
        let parameters = request.uri.queryParameters
        let query = parameters.get("q") ?? ""
        let searchingPeople = parameters.get("type") == "accounts"
        var results: [SearchContent.Result] = []
        var people: [AccountView] = []
        var error: String?
        var next: Int64?
        var status = HTTPResponse.Status.ok
        if !query.isEmpty {
            do {
                let page = try SearchService.pageRequest(limit: nil, cursor: parameters.get("cursor"))
                if searchingPeople {
                    let found = try await services.search.accounts(matching: query, page: page, resolvingFor: visit.account)
                    people = found.items.map(AccountView.init)
                    next = found.next
                } else {
                    let viewer = try await services.accounts.viewer(for: visit.account)
                    let found = try await services.search.entries(matching: query, page: page, viewer: viewer)
                    results = found.items.map { hit in
                        SearchContent.Result(
                            entry: EntryView(hit.entry, viewer: visit.account),
                            snippet: hit.snippet.parts.map { SearchContent.SnippetPart(text: $0.text, match: $0.isMatch) }
                        )
                    }
                    next = found.next
                }
            } catch ServiceError.unprocessable(_, let message) {
                (error, status) = (message, .unprocessableContent)
            } catch ServiceError.invalid(_, let message) {
                (error, status) = (message, .unprocessableContent)
            }
        }
        let encoded = query.urlComponentEscaped
        let content = SearchContent(
            query: query, searchingPeople: searchingPeople, entriesURL: "/search?q=\(encoded)", peopleURL: "/search?q=\(encoded)&type=accounts",
            results: results, people: people, error: error,
            nextURL: next.map { "/search?q=\(encoded)\(searchingPeople ? "&type=accounts" : "")&cursor=\($0)" },
            searched: !query.isEmpty && error == nil, found: !results.isEmpty || !people.isEmpty
        )
        return render("search", content, site: SiteView(title: query.isEmpty ? "Search" : "Search: \(query)", visit: visit, section: "/search"), status: status)
    }
}
