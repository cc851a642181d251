import Hummingbird
import QwinkleKit
import QwinkleServices
import QwinkleStorage

extension MastodonAPI {
    /// Home, public, a tag's and an account's statuses, paged as Mastodon pages (`max_id`, `since_id`, `min_id`,
    /// `limit`, and a `Link` header).
    func addTimelineRoutes<Context: RequestContext>(to router: Router<Context>) {
        router.get("/api/v1/timelines/home") { request, _ in
            let me = try await caller(request).account(needing: "read:statuses")
            return try await statusPage(.home(viewer: me.id), viewer: me, request: request, path: "/api/v1/timelines/home")
        }
        router.get("/api/v1/timelines/public") { request, _ in
            let me = try await caller(request).optionalAccount(needing: "read:statuses")
            // Every account is this server's until federation: a list of only remote statuses is empty.
            if request.uri.queryParameters.get("remote") == "true" { return try Self.json([String]()) }
            return try await statusPage(.everyonePublic, viewer: me, request: request, path: "/api/v1/timelines/public")
        }
        router.get("/api/v1/timelines/tag/:hashtag") { request, context in
            let me = try await caller(request).optionalAccount(needing: "read:statuses")
            let tag = try TimelineService.tag(context.parameters.get("hashtag") ?? "")
            return try await statusPage(.tag(tag), viewer: me, request: request, path: "/api/v1/timelines/tag/\(tag.urlComponentEscaped)")
        }
        router.get("/api/v1/accounts/:id/statuses") { request, context in
            let me = try await caller(request).optionalAccount(needing: "read:statuses")
            let author = try await services.accounts.account(id: context.parameters.get("id") ?? "")
            return try await statusPage(
                .author(author.id, viewer: me?.id), viewer: me, request: request, path: "/api/v1/accounts/\(author.id.rawValue)/statuses"
            )
        }
        router.get("/api/v1/favourites") { request, _ in
            let me = try await caller(request).account(needing: "read:favourites")
            return try await statusPage(.marked(by: me.id), viewer: me, request: request, path: "/api/v1/favourites")
        }
    }

    /// A page of a list as statuses, with `Link` to the next (older) page first and the previous (newer) one.
    func statusPage(_ scope: EntryScope, viewer account: Account?, request: Request, path: String) async throws -> Response {
        let page = try Self.pageRequest(request)
        let viewer = try await services.accounts.viewer(for: account)
        let shown = try await services.timelines.page(scope, page: page, viewer: viewer)
        let counts = try await services.accounts.counts(of: shown.items.map(\.author))
        let mapping = mapping(request)
        return try Self.json(
            shown.items.map { mapping.status($0, counts: counts, signedIn: account != nil) },
            headers: Self.linkHeader(next: shown.next, newest: shown.items.first?.id.rawValue, limit: page.limit, base: mapping.origin.base + path)
        )
    }
}
