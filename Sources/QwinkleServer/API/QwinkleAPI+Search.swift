import Foundation
import QwinkleAPITypes
import QwinkleKit
import QwinkleServices
import QwinkleStorage

extension QwinkleAPI {
    func search(_ input: Operations.Search.Input) async throws -> Operations.Search.Output {
        let account = try await optionalAccount()
        let type = input.query._type ?? .entries
        let page = try SearchService.pageRequest(limit: input.query.limit, cursor: input.query.cursor)
        let results: Components.Schemas.SearchResults
        let next: Int64?
        switch type {
        case .entries:
            let viewer = try await services.accounts.viewer(for: account)
            let found = try await services.search.entries(matching: input.query.q, page: page, viewer: viewer)
            results = .init(entries: try found.items.map(Components.Schemas.SearchHit.init), accounts: [])
            next = found.next
        case .accounts:
            // A signed-in searcher's whole handle of someone elsewhere is looked up there; nobody else's is.
            let found = try await services.search.accounts(matching: input.query.q, page: page, resolvingFor: account)
            results = .init(entries: [], accounts: try found.items.map(Components.Schemas.Account.init))
            next = found.next
        }
        let link = next.map { next in
            "</api/qwinkle/v1/search?q=\(input.query.q.urlComponentEscaped)&type=\(type.rawValue)&limit=\(page.limit)&cursor=\(next)>; rel=\"next\""
        }
        return .ok(.init(headers: .init(link: link), body: .json(results)))
    }
}

extension Components.Schemas.SearchHit {
    /// An entry a search found, with its snippet.
    init(_ hit: SearchHit) throws {
        self.init(entry: try .init(hit.entry), snippet: hit.snippet.parts.map(Components.Schemas.SnippetPart.init))
    }
}
