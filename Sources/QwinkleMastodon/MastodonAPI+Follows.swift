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
        // A private note: only its writer ever sees it, in their relationship to the account.
        router.post("/api/v1/accounts/:id/note") { request, context in
            let me = try await caller(request).account(needing: "write:accounts")
            let them = try await services.accounts.account(id: context.parameters.get("id") ?? "")
            let input = try await MastodonInput.read(AccountNote.self, from: request)
            return try Self.json(Self.relationship(try await services.social.setNote(input.comment ?? "", on: them.username, by: me)))
        }
        router.get("/api/v1/accounts/relationships") { request, _ in
            let me = try await caller(request).account(needing: "read:follows")
            var relationships: [MastodonRelationship] = []
            // Unknown IDs are left out, as Mastodon leaves them.
            for id in MastodonQuery(request).list("id").prefix(40) {
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
            let me = try await caller(request).account(needing: "read:accounts")
            let query = request.uri.queryParameters.get("q") ?? ""
            let resolve = request.uri.queryParameters.get("resolve").flatMap(MastodonFlag.init(text:))?.value ?? false
            let limit = min(Int(request.uri.queryParameters.get("limit") ?? "") ?? 40, 80)
            let mapping = mapping(request)
            let name = Self.username(query, localHost: mapping.origin.host)
            let found = try await services.search.accounts(matching: name, page: RankedPageRequest(offset: 0, limit: limit), resolvingFor: resolve ? me : nil)
            let counts = try await services.accounts.counts(of: found.items)
            return try Self.json(found.items.map { mapping.account($0, counts: counts[$0.id]) })
        }
    }

    /// `POST /api/v1/accounts/:id/note`: the note, or none to remove it.
    struct AccountNote: Decodable {
        var comment: String?
    }

    /// A relationship as Mastodon shows one.
    static func relationship(_ relationship: Relationship) -> MastodonRelationship {
        MastodonRelationship(
            id: relationship.account.id.rawValue, following: relationship.following, showingReblogs: relationship.following,
            notifying: false, languages: [], followedBy: relationship.followedBy, blocking: relationship.blocking,
            blockedBy: relationship.blockedBy, muting: relationship.muting != nil, mutingNotifications: relationship.muting?.notifications == true, requested: relationship.requested, requestedBy: relationship.requestedBy, domainBlocking: relationship.domainBlocking, endorsed: false, note: relationship.note
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

    /// The username a handle as apps send it names here: `@user` and `user@this-host` are this server's `user`;
    /// `user@other-host` is someone of another server, whose username here is the whole handle.
    static func username(_ text: String, localHost: String) -> String {
        let trimmed = (text.hasPrefix("@") ? String(text.dropFirst()) : text).lowercased()
        let parts = trimmed.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 2, parts[1] != localHost.lowercased() else { return parts.first ?? "" }
        return trimmed
    }
}
