import Foundation
import Hummingbird
import QwinkleKit
import QwinkleServices
import QwinkleStorage

extension MastodonAPI {
    /// What an app sends to mute someone: whether their notifications go too (yes unless it says no), and for how many
    /// seconds (0 or none: until unmuted).
    struct MuteParameters: Decodable {
        var notifications: MastodonFlag?
        var duration: Int?
    }

    /// The server a domain block names.
    struct DomainParameter: Decodable {
        var domain: String?
    }

    /// Blocking and muting, and the lists of whom one blocks and mutes.
    func addBlockRoutes<Context: RequestContext>(to router: Router<Context>) {
        let changes: [(String, String, @Sendable (SocialService, String, Account) async throws -> Relationship)] = [
            ("block", "write:blocks", { try await $0.block($1, by: $2) }), ("unblock", "write:blocks", { try await $0.unblock($1, by: $2) }),
            ("unmute", "write:mutes", { try await $0.unmute($1, by: $2) }),
        ]
        for (action, scope, change) in changes {
            router.post(RouterPath("/api/v1/accounts/:id/\(action)")) { request, context in
                let me = try await caller(request).account(needing: scope)
                let them = try await services.accounts.account(id: context.parameters.get("id") ?? "")
                return try Self.json(Self.relationship(try await change(services.social, them.username, me)))
            }
        }
        router.post("/api/v1/accounts/:id/mute") { request, context in
            let me = try await caller(request).account(needing: "write:mutes")
            let them = try await services.accounts.account(id: context.parameters.get("id") ?? "")
            let input = try await MastodonInput.read(MuteParameters.self, from: request)
            let duration = input.duration.flatMap { $0 == 0 ? nil : $0 }
            let relationship = try await services.social.mute(them.username, notifications: input.notifications?.value ?? true, duration: duration, by: me)
            return try Self.json(Self.relationship(relationship))
        }
        router.get("/api/v1/blocks") { request, _ in
            let me = try await caller(request).account(needing: "read:blocks")
            let page = try Self.pageRequest(request)
            return try await accountPage(try await services.social.blocks(of: me, page: page), page: page, request: request, path: "/api/v1/blocks")
        }
        router.get("/api/v1/mutes") { request, _ in
            let me = try await caller(request).account(needing: "read:mutes")
            let page = try Self.pageRequest(request)
            let mutes = try await services.social.mutes(of: me, page: page)
            let counts = try await services.accounts.counts(of: mutes.items.map(\.account))
            let mapping = mapping(request)
            // Each with when its mute ends, as Mastodon lists mutes.
            let shown = mutes.items.map { muted in
                var account = mapping.account(muted.account, counts: counts[muted.account.id])
                account.muteExpiresAt = MastodonNullable(muted.mute.expiresAt.map(RFC3339.string(from:)))
                return account
            }
            return try Self.json(shown, headers: Self.linkHeader(next: mutes.next, newest: nil, limit: page.limit, base: mapping.origin.base + "/api/v1/mutes"))
        }
        router.get("/api/v1/domain_blocks") { request, _ in
            let me = try await caller(request).account(needing: "read:blocks")
            let page = try Self.pageRequest(request)
            let blocks = try await services.social.domainBlocks(of: me, page: page)
            let base = mapping(request).origin.base + "/api/v1/domain_blocks"
            return try Self.json(blocks.items, headers: Self.linkHeader(next: blocks.next, newest: nil, limit: page.limit, base: base))
        }
        router.post("/api/v1/domain_blocks") { request, _ in
            let me = try await caller(request).account(needing: "write:blocks")
            _ = try await services.social.blockDomain(try await MastodonInput.read(DomainParameter.self, from: request).domain ?? "", by: me)
            return try Self.json([String: String]())
        }
        router.delete("/api/v1/domain_blocks") { request, _ in
            let me = try await caller(request).account(needing: "write:blocks")
            _ = try await services.social.unblockDomain(try await MastodonInput.read(DomainParameter.self, from: request).domain ?? "", by: me)
            return try Self.json([String: String]())
        }
        router.get("/api/v1/follow_requests") { request, _ in
            let me = try await caller(request).account(needing: "read:follows")
            let page = try Self.pageRequest(request)
            return try await accountPage(try await services.social.followRequests(of: me, page: page), page: page, request: request, path: "/api/v1/follow_requests")
        }
        let answers: [(String, @Sendable (SocialService, String, Account) async throws -> Relationship)] = [
            ("authorize", { try await $0.approve($1, by: $2) }), ("reject", { try await $0.refuse($1, by: $2) }),
        ]
        for (answer, decide) in answers {
            router.post(RouterPath("/api/v1/follow_requests/:id/\(answer)")) { request, context in
                let me = try await caller(request).account(needing: "write:follows")
                let them = try await services.accounts.account(id: context.parameters.get("id") ?? "")
                return try Self.json(Self.relationship(try await decide(services.social, them.username, me)))
            }
        }
    }
}
