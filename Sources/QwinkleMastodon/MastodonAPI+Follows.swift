import Foundation
import Hummingbird
import QwinkleKit
import QwinkleServices
import QwinkleStorage

extension MastodonAPI {
    /// Following, followers, relationships and finding accounts.
    func addFollowRoutes<Context: RequestContext>(to router: Router<Context>) {
        router.post("/api/v1/accounts/:id/follow") { request, context in
            let me = try await caller(request).account(needing: "write:follows")
            let them = try await services.accounts.account(id: context.parameters.get("id") ?? "")
            return try Self.json(Self.relationship(try await services.social.follow(them.username, by: me)))
        }
        router.post("/api/v1/accounts/:id/unfollow") { request, context in
            let me = try await caller(request).account(needing: "write:follows")
            let them = try await services.accounts.account(id: context.parameters.get("id") ?? "")
            return try Self.json(Self.relationship(try await services.social.unfollow(them.username, by: me)))
        }
        router.get("/api/v1/accounts/relationships") { request, _ in
            let me = try await caller(request).account(needing: "read:follows")
            var relationships: [MastodonRelationship] = []
            // Unknown IDs are left out, as Mastodon leaves them.
            for id in Self.listParameter("id", of: request).prefix(40) {
                guard let them = try? await services.accounts.account(id: id) else { continue }
                relationships.append(Self.relationship(try await services.social.relationship(to: them.username, of: me)))
            }
            return try Self.json(relationships)
        }
        for (list, read) in [("followers", services.social.followers), ("following", services.social.following)] {
            router.get(RouterPath("/api/v1/accounts/:id/\(list)")) { request, context in
                _ = try await caller(request).optionalAccount(needing: "read:accounts")
                let account = try await services.accounts.account(id: context.parameters.get("id") ?? "")
                let page = try Self.pageRequest(request)
                return try await accountPage(
                    try await read(account.username, page), page: page, request: request, path: "/api/v1/accounts/\(account.id.rawValue)/\(list)"
                )
            }
        }
        router.get("/api/v1/accounts/search") { request, _ in
            _ = try await caller(request).account(needing: "read:accounts")
            let query = request.uri.queryParameters.get("q") ?? ""
            let limit = min(Int(request.uri.queryParameters.get("limit") ?? "") ?? 40, 80)
            let found = try await services.search.accounts(matching: Self.localName(query), page: RankedPageRequest(offset: 0, limit: limit))
            let counts = try await services.accounts.counts(of: found.items)
            let mapping = mapping(request)
            return try Self.json(found.items.map { mapping.account($0, counts: counts[$0.id]) })
        }
    }

    /// A relationship as Mastodon shows one.
    static func relationship(_ relationship: Relationship) -> MastodonRelationship {
        MastodonRelationship(
            id: relationship.account.id.rawValue, following: relationship.following, showingReblogs: relationship.following,
            notifying: false, languages: [], followedBy: relationship.followedBy, blocking: false, blockedBy: false, muting: false,
            mutingNotifications: false, requested: false, requestedBy: false, domainBlocking: false, endorsed: false, note: ""
        )
    }

    /// A page of accounts, with `Link` to the next.
    func accountPage(_ found: ListPage<Account>, page: PageRequest, request: Request, path: String) async throws -> Response {
        let counts = try await services.accounts.counts(of: found.items)
        let mapping = mapping(request)
        return try Self.json(
            found.items.map { mapping.account($0, counts: counts[$0.id]) },
            headers: Self.linkHeader(next: found.next, newest: nil, limit: page.limit, base: mapping.origin.base + path)
        )
    }

    /// A handle as apps send it (`@user`, `user@this-host`) without what names this server.
    static func localName(_ text: String) -> String {
        let trimmed = text.hasPrefix("@") ? String(text.dropFirst()) : text
        return trimmed.split(separator: "@").first.map(String.init) ?? ""
    }

    /// Every value of a list parameter, sent as `name[]=…` or `name=…`.
    static func listParameter(_ name: String, of request: Request) -> [String] {
        let query = request.uri.queryParameters
        return query.getAll("\(name)[]") + query.getAll(name)
    }
}
