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
            if MastodonQuery(request).flag("remote") { return try Self.json([String]()) }
            return try await statusPage(
                .everyonePublic, viewer: me, request: request, path: "/api/v1/timelines/public", filter: StatusFilter.onlyMedia(request)
            )
        }
        router.get("/api/v1/timelines/tag/:hashtag") { request, context in
            let me = try await caller(request).optionalAccount(needing: "read:statuses")
            let tag = try TimelineService.tag(context.parameters.get("hashtag") ?? "")
            return try await statusPage(
                .tag(tag), viewer: me, request: request, path: "/api/v1/timelines/tag/\(tag.urlComponentEscaped)", filter: StatusFilter.onlyMedia(request)
            )
        }
        router.get("/api/v1/accounts/:id/statuses") { request, context in
            let me = try await caller(request).optionalAccount(needing: "read:statuses")
            let author = try await services.accounts.account(id: context.parameters.get("id") ?? "")
            let query = MastodonQuery(request)
            if query.flag("pinned") {
                return try await statusPage(
                    .pinned(by: author.id), viewer: me, request: request, path: "/api/v1/accounts/\(author.id.rawValue)/statuses"
                )
            }
            let filter = StatusFilter(
                excludeReplies: query.flag("exclude_replies"), onlyMedia: query.flag("only_media"),
                tag: try query.get("tagged").map(TimelineService.tag), excludeReblogs: query.flag("exclude_reblogs")
            )
            return try await statusPage(
                .author(author.id, viewer: me?.id), viewer: me, request: request, path: "/api/v1/accounts/\(author.id.rawValue)/statuses",
                filter: filter.isEmpty ? nil : filter
            )
        }
        router.get("/api/v1/favourites") { request, _ in
            let me = try await caller(request).account(needing: "read:favourites")
            return try await statusPage(.marked(by: me.id), viewer: me, request: request, path: "/api/v1/favourites")
        }
        router.get("/api/v1/bookmarks") { request, _ in
            let me = try await caller(request).account(needing: "read:bookmarks")
            return try await statusPage(.bookmarked(by: me.id), viewer: me, request: request, path: "/api/v1/bookmarks")
        }
    }

    /// A page of a list as statuses, with `Link` to the next (older) page first and the previous (newer) one. With
    /// `filter`, only the statuses it keeps are shown, and further pages are read (up to a few) to fill the page.
    func statusPage(
        _ scope: EntryScope, viewer account: Account?, request: Request, path: String, filter: StatusFilter? = nil
    ) async throws -> Response {
        let page = try Self.pageRequest(request)
        let viewer = try await services.accounts.viewer(for: account)
        var shown: ListPage<TimelineEntry>
        if let filter {
            // Read in pages of at least 40, so a filter that keeps little still fills a small page in a read or two.
            var read = PageRequest(limit: max(page.limit, 40), maxCursor: page.maxCursor, sinceCursor: page.sinceCursor)
            var kept: [TimelineEntry] = []
            var next: Int64?
            for _ in 0..<Self.filteredReads {
                let found = try await services.timelines.page(scope, page: read, viewer: viewer)
                kept += found.items.filter(filter.keeps)
                next = found.next
                guard kept.count < page.limit, let cursor = found.next else { break }
                read.maxCursor = cursor
            }
            // A page cut short continues below its last status; one that read to its end continues where the reading stopped.
            if kept.count > page.limit {
                kept = Array(kept.prefix(page.limit))
                next = kept.last?.cursor
            }
            shown = ListPage(items: kept, next: next)
        } else if Self.readsUpward(request) {
            shown = try await services.timelines.pageAbove(scope, page: page, viewer: viewer)
        } else {
            shown = try await services.timelines.page(scope, page: page, viewer: viewer)
        }
        let counts = try await services.accounts.counts(of: shown.items.map(\.author) + shown.items.compactMap(\.sharedBy?.account))
        let mapping = mapping(request)
        return Self.json(
            bytes: try jsonCache.statuses(shown.items, counts: counts, signedIn: account != nil, mapping: mapping),
            headers: Self.linkHeader(next: shown.next, newest: shown.items.first?.cursor.map(String.init), limit: page.limit, base: mapping.origin.base + path)
        )
    }

    /// How many pages a filtered list reads at most for one answer, so a filter that keeps little costs a bounded time.
    static let filteredReads = 5
}

/// What an account's statuses may be narrowed to: Mastodon's `exclude_replies`, `only_media`, `tagged` and
/// `exclude_reblogs`.
struct StatusFilter: Sendable {
    var excludeReplies: Bool
    var onlyMedia: Bool
    var tag: String?
    var excludeReblogs = false

    /// The filter of a list that takes only `only_media`; `nil` when it is not asked for.
    static func onlyMedia(_ request: Request) -> StatusFilter? {
        MastodonQuery(request).flag("only_media") ? StatusFilter(excludeReplies: false, onlyMedia: true, tag: nil) : nil
    }

    /// Whether it narrows nothing.
    var isEmpty: Bool { !excludeReplies && !onlyMedia && tag == nil && !excludeReblogs }

    /// Whether a status stays. Mastodon's `exclude_replies` keeps a reply to oneself: a thread is still one's own.
    func keeps(_ shown: TimelineEntry) -> Bool {
        let entry = shown.entry
        if excludeReblogs, shown.sharedBy != nil { return false }
        // What the reader is shown of the parent decides: a parent hidden from them is someone else's, for all they know.
        if excludeReplies, let reply = shown.reply, reply.parentAuthor?.id != entry.author { return false }
        if onlyMedia, entry.content.photos.isEmpty { return false }
        if let tag, !EntryText.tags(of: entry.content.body).contains(tag) { return false }
        return true
    }
}
