import QwinkleKit
import QwinkleStorage

/// Lists of entries (timelines, an author's entries, marks), page by page, and the same lists live.
public struct TimelineService: Sendable {
    /// The default page size.
    public static let defaultLimit = 20
    /// The largest page size; a larger limit is capped.
    public static let maximumLimit = 100
    /// The most entries a reconnecting live timeline catches up with; a longer gap is for paging to fill.
    public static let catchUpLimit = 100

    let context: ServiceContext
    private let entries: EntryService

    /// Creates the service over the shared context, reading entries as `entries` shows them.
    public init(context: ServiceContext, entries: EntryService) {
        self.context = context
        self.entries = entries
    }

    /// The page a request asked for: `limit` (20 by default, capped at 100, at least 1) and the cursors, which
    /// must be IDs from an earlier page.
    public static func pageRequest(limit: Int?, maxID: String?, sinceID: String?) throws -> PageRequest {
        if let limit, limit < 1 { throw ServiceError.invalid(field: "limit", "limit must be at least 1.") }
        return PageRequest(
            limit: min(limit ?? defaultLimit, maximumLimit),
            maxCursor: try cursor(maxID, name: "max_id"), sinceCursor: try cursor(sinceID, name: "since_id")
        )
    }

    /// A cursor sent back by a client: an ID from an earlier page, or 422 naming the parameter.
    public static func cursor(_ text: String?, name: String) throws -> Int64? {
        guard let text else { return nil }
        guard let value = Entry.ID.decimalInteger(text) else { throw ServiceError.invalid(field: name, "\(name) must be an ID from an earlier page.") }
        return value
    }

    /// A tag as a request names it (with or without `#`), normalized; a name that cannot be a tag has no entries, and
    /// is `notFound` saying what a tag is.
    public static func tag(_ text: String) throws -> String {
        guard let tag = Tag.parse(text) else {
            throw ServiceError.notFound("The tag #\(text) (a tag is letters, digits and _, at least one of them a letter or _, at most \(EntryText.maxTag))")
        }
        return tag
    }

    /// A page of a list as the viewer is shown it.
    public func page(_ scope: EntryScope, page: PageRequest, viewer: Viewer) async throws -> ListPage<TimelineEntry> {
        let (found, next) = try await visibleEntries(scope, page: page, viewer: viewer)
        return ListPage(items: try await entries.shown(found, viewer: viewer), next: next)
    }

    /// The page of a list just above `page.sinceCursor` (Mastodon's `min_id`): its oldest entries newer than the
    /// cursor, newest first, so catching up over a gap wider than a page skips nothing (`OldestAbove`). Without a
    /// cursor it is the newest page.
    public func pageAbove(_ scope: EntryScope, page: PageRequest, viewer: Viewer) async throws -> ListPage<TimelineEntry> {
        guard let since = page.sinceCursor else { return try await self.page(scope, page: page, viewer: viewer) }
        let found = try await OldestAbove.page(
            limit: page.limit, since: since, max: page.maxCursor, cursor: { $0.share?.cursor ?? $0.entry.id.integerValue }
        ) { window in
            let (found, next) = try await visibleEntries(scope, page: window, viewer: viewer)
            return OldestAbove.Window(items: found, isComplete: next == nil)
        }
        let shown = try await entries.shown(found, viewer: viewer)
        return ListPage(items: shown, next: shown.last?.cursor)
    }

    /// Reads a list page by page until `limit` entries the viewer may read are found or the list ends.
    ///
    /// The storage narrows each list by scope; the policy judges every entry (`ReadableEntries`), so a page is never
    /// short because of entries the viewer may not see, and never holds one. The returned cursor is where the next
    /// page starts, `nil` when nothing is left. A home timeline holds the shares of those the viewer follows and the
    /// viewer's own besides entries, a profile its account's shares (see `EntriesAndShares`); each entry found
    /// carries the share that brought it, if any.
    func visibleEntries(
        _ scope: EntryScope, page: PageRequest, viewer: Viewer
    ) async throws -> (entries: [(entry: Entry, share: Paged<Account.ID>?)], next: Int64?) {
        let storage = context.storage
        guard let source = EntriesAndShares.source(of: scope) else {
            let (found, next) = try await ReadableEntries.collect(limit: page.limit, from: page.maxCursor, scope: scope, viewer: viewer) { cursor, count in
                try await storage.entries(scope, page: PageRequest(limit: count, maxCursor: cursor, sinceCursor: page.sinceCursor))
            }
            return (found.map { ($0.item, nil) }, next)
        }
        let home = EntriesAndShares(scope, shares: source, storage: storage)
        let (found, next) = try await ReadableEntries.collect(limit: page.limit, from: page.maxCursor, scope: scope, viewer: viewer) { cursor, count in
            try await home.batch(PageRequest(limit: count, maxCursor: cursor, sinceCursor: page.sinceCursor))
        }
        return (home.unique(found), next)
    }

    /// The thread an entry the viewer may read is in, live: new replies anywhere in it and edits and deletions of
    /// its entries, each judged as a timeline's are. The thread's first entry is found here and never shown, so a
    /// viewer who may not read it learns nothing of it; each reply carries its parent only if they may read that.
    public func liveThread(
        of id: String, account: Account?, tokenHash: String?, since: Int64?, heartbeat: Duration
    ) async throws -> LiveTimeline {
        let entry = try await entries.readable(id: id, viewer: context.viewer(for: account))
        return try await live(.thread(root: entry.reply?.root ?? entry.id), account: account, tokenHash: tokenHash, since: since, heartbeat: heartbeat)
    }

    /// A live timeline for a viewer (`account` `nil`: anonymous), from the entries after `since` on.
    ///
    /// It subscribes before it reads what was missed, so nothing written in between is lost; an entry that
    /// arrives both ways is sent once. `tokenHash` names the session it was opened with: logging that session out
    /// ends it.
    public func live(
        _ scope: EntryScope, account: Account?, tokenHash: String?, since: Int64?, heartbeat: Duration
    ) async throws -> LiveTimeline {
        let subscription = context.events.subscribe(heartbeat: heartbeat)
        do {
            let viewer = try await context.viewer(for: account)
            var missed: [TimelineEntry] = []
            if let since {
                let (found, _) = try await visibleEntries(scope, page: PageRequest(limit: Self.catchUpLimit, sinceCursor: since), viewer: viewer)
                missed = try await entries.shown(Array(found.reversed()), viewer: viewer)
            }
            return LiveTimeline(
                scope: scope, viewer: viewer, tokenHash: tokenHash, missed: missed, subscription: subscription, context: context
            )
        } catch {
            // No stream will read the subscription: end it now rather than when its buffer overflows.
            subscription.finish()
            throw error
        }
    }
}
