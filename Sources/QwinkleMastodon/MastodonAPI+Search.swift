import Foundation
import Hummingbird
import QwinkleKit
import QwinkleServices
import QwinkleStorage

extension MastodonAPI {
    /// Search (v2): accounts, statuses and hashtags, through the same policy as Qwinkle's own search.
    func addSearchRoutes<Context: RequestContext>(to router: Router<Context>) {
        router.get("/api/v2/search") { request, _ in
            let me = try await caller(request).optionalAccount(needing: "read:search")
            let query = request.uri.queryParameters
            // As Mastodon: only a signed-in user may have the server look someone up on another server.
            let resolve = query.get("resolve").flatMap(MastodonFlag.init(text:))?.value ?? false
            if resolve, me == nil {
                throw MastodonError(status: .unauthorized, message: "Search queries that resolve remote resources are not supported without authentication")
            }
            let text = (query.get("q") ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
            guard !text.isEmpty else { throw ServiceError.invalid(field: "q", "Type something to search for.") }
            let type = query.get("type")
            let limit = min(max(Int(query.get("limit") ?? "") ?? 20, 1), 40)
            // Mastodon's offset counts results; Qwinkle's rankings page by cursor, so the first offset + limit are read.
            let offset = min(max(Int(query.get("offset") ?? "") ?? 0, 0), 200)
            let mapping = mapping(request)
            var results = MastodonSearchResults(accounts: [], statuses: [], hashtags: [])
            if type == nil || type == "accounts" {
                let found = try await services.search.accounts(
                    matching: Self.username(text, localHost: mapping.origin.host), page: RankedPageRequest(offset: 0, limit: offset + limit),
                    resolvingFor: resolve ? me : nil
                )
                let accounts = Array(found.items.dropFirst(offset))
                let counts = try await services.accounts.counts(of: accounts)
                results.accounts = accounts.map { mapping.account($0, counts: counts[$0.id]) }
            }
            if type == nil || type == "statuses", !text.hasPrefix("@") {
                let viewer = try await services.accounts.viewer(for: me)
                let found = try await services.search.entries(matching: text, page: RankedPageRequest(offset: 0, limit: offset + limit), viewer: viewer)
                let hits = Array(found.items.dropFirst(offset))
                let counts = try await services.accounts.counts(of: hits.map(\.entry.author))
                results.statuses = hits.map { mapping.status($0.entry, counts: counts, signedIn: me != nil) }
            }
            if type == nil || type == "hashtags", offset == 0, let tag = Tag.parse(text) {
                // A tag is offered when someone may read an entry with it.
                let viewer = try await services.accounts.viewer(for: me)
                let page = try await services.timelines.page(.tag(tag), page: PageRequest(limit: 1), viewer: viewer)
                if !page.items.isEmpty {
                    results.hashtags = [MastodonTag(name: tag, url: mapping.origin.base + EntryHTML.tagPath(tag), history: [])]
                }
            }
            return try Self.json(results)
        }
    }
}

/// Mastodon's `Search`.
struct MastodonSearchResults: Encodable, Sendable {
    var accounts: [MastodonAccount]
    var statuses: [MastodonStatus]
    var hashtags: [MastodonTag]
}

/// Mastodon's `Tag`.
struct MastodonTag: Encodable, Sendable {
    var name: String
    var url: String
    var history: [String]
}
