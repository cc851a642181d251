import QwinkleKit
import QwinkleStorage

/// Notifications: read a page of them grouped, mark them read, count the unread, and follow them live.
///
/// The writes that cause notifications record them (see `NotificationStore`); this service only reads them, and
/// judges each one as it is now through the one `Policy`: one about an entry the reader may no longer read, a
/// conversation they are not in, or a journal no longer shared with them is not shown.
public struct NotificationService: Sendable {
    /// The most unread notifications counted; more are shown as this many.
    public static let unreadCountLimit = 1_000
    /// The most notifications a reconnecting stream catches up with.
    public static let catchUpLimit = 100

    let context: ServiceContext
    var storage: any Storage { context.storage }
    let entries: EntryService

    /// Creates the service over the shared context, reading entries as `entries` shows them.
    public init(context: ServiceContext, entries: EntryService) {
        self.context = context
        self.entries = entries
    }

    /// A page of the account's notifications, grouped: notifications of one kind about one subject on the page
    /// become one group, placed at its newest. The cursors are notification IDs; `next` is where the next page starts,
    /// `nil` at the end. A page holds fewer groups than `limit` when some were grouped or are not shown.
    public func page(for me: Account, page: PageRequest) async throws -> ListPage<NotificationGroup> {
        let found = try await storage.notifications(of: me.id, page: page)
        let readUpTo = try await storage.notificationsReadUpTo(of: me.id)
        let shown = try await self.shown(found, to: me)
        return ListPage(items: Self.grouped(shown, readUpTo: readUpTo), next: found.count == page.limit ? found.last?.id.integerValue : nil)
    }

    /// A page of the account's notifications each on its own (a group of one), newest first, as Mastodon's API lists
    /// them. The same judging as `page`: one the reader may no longer see is left out.
    public func singlesPage(for me: Account, page: PageRequest) async throws -> ListPage<NotificationGroup> {
        let found = try await storage.notifications(of: me.id, page: page)
        return ListPage(items: try await singles(found, to: me), next: found.count == page.limit ? found.last?.id.integerValue : nil)
    }

    /// The page of single notifications just above `page.sinceCursor` (Mastodon's `min_id`): the oldest newer than
    /// it, newest first (`OldestAbove`).
    public func singlesPageAbove(for me: Account, page: PageRequest) async throws -> ListPage<NotificationGroup> {
        guard let since = page.sinceCursor else { return try await singlesPage(for: me, page: page) }
        let found = try await OldestAbove.page(limit: page.limit, since: since, max: page.maxCursor, cursor: { $0.id.integerValue }) { window in
            let found = try await storage.notifications(of: me.id, page: window)
            return OldestAbove.Window(items: found, isComplete: found.count < window.limit)
        }
        return ListPage(items: try await singles(found, to: me), next: found.last?.id.integerValue)
    }

    /// Where the account has read a timeline up to, as Mastodon apps keep it; for the notifications, where they were
    /// read up to on any client (with the version of the last marker an app saved).
    public func readMarker(_ timeline: ReadMarker.Timeline, for me: Account) async throws -> ReadMarker? {
        let saved = try await storage.readMarker(of: me.id, timeline: timeline)
        guard timeline == .notifications else { return saved }
        let readUpTo = try await readUpTo(for: me)
        return ReadMarker(lastReadID: String(readUpTo), version: saved?.version ?? 1, updatedAt: saved?.updatedAt ?? context.clock.now())
    }

    /// Saves where the account has read a timeline up to (`lastReadID`, an ID from that timeline); for the
    /// notifications, every client's read position moves with it.
    public func saveReadMarker(_ timeline: ReadMarker.Timeline, lastReadID: String, for me: Account) async throws -> ReadMarker {
        guard Entry.ID.decimalInteger(lastReadID) != nil else {
            throw ServiceError.invalid(field: "last_read_id", "last_read_id must be the ID of a status or notification.")
        }
        if timeline == .notifications { _ = try await markRead(upTo: lastReadID, by: me) }
        _ = try await storage.saveReadMarker(of: me.id, timeline: timeline, lastReadID: lastReadID, at: context.clock.now())
        guard let marker = try await readMarker(timeline, for: me) else { throw ServiceError.notFound("The \(timeline.rawValue) marker") }
        return marker
    }

    /// Marks the account's notifications read up to and including `id` (a notification ID from a page); returns
    /// the unread count after it. The account's open streams are told, so other windows update their count.
    public func markRead(upTo id: String, by me: Account) async throws -> Int {
        guard let cursor = AccountNotification.ID(rawValue: id)?.integerValue else {
            throw ServiceError.invalid(field: "up_to_id", "up_to_id must be the ID of a notification.")
        }
        _ = try await storage.markNotificationsRead(of: me.id, upTo: cursor)
        context.events.publish(.notified(me.id))
        return try await unreadCount(for: me)
    }

    /// The newest notification the account has read (0 before any), and so where its unread ones begin.
    public func readUpTo(for me: Account) async throws -> Int64 {
        try await storage.notificationsReadUpTo(of: me.id)
    }

    /// How many notifications the account has not read and may see, up to `unreadCountLimit`. Each notification
    /// counts, grouped or not. Only whether each may be seen is judged (`visible`), as every signed-in page's header
    /// asks, and the viewer's relations are read only when something is unread.
    public func unreadCount(for me: Account) async throws -> Int {
        let readUpTo = try await storage.notificationsReadUpTo(of: me.id)
        let batch = 100
        var found = try await storage.notifications(of: me.id, page: PageRequest(limit: batch, sinceCursor: readUpTo))
        guard !found.isEmpty else { return 0 }
        let viewer = try await context.viewer(for: me)
        var count = 0
        while true {
            count += try await visible(found, viewer: viewer).notifications.count
            guard count < Self.unreadCountLimit, found.count == batch, let last = found.last?.id.integerValue else { break }
            found = try await storage.notifications(of: me.id, page: PageRequest(limit: batch, maxCursor: last, sinceCursor: readUpTo))
        }
        return min(count, Self.unreadCountLimit)
    }

    /// The account's notifications live, from those after `since` on (or from now, without it).
    public func live(for me: Account, tokenHash: String?, since: Int64?, heartbeat: Duration) async throws -> LiveNotifications {
        let subscription = context.events.subscribe(heartbeat: heartbeat)
        do {
            let start: Int64
            var missed: [NotificationGroup] = []
            if let since {
                let found = try await storage.notifications(of: me.id, page: PageRequest(limit: Self.catchUpLimit, sinceCursor: since))
                missed = try await singles(found.reversed(), to: me)
                start = found.first?.id.integerValue ?? since
            } else {
                start = try await storage.notifications(of: me.id, page: PageRequest(limit: 1)).first?.id.integerValue ?? 0
            }
            return LiveNotifications(
                account: me, tokenHash: tokenHash, missed: missed, unreadCount: try await unreadCount(for: me), sentUpTo: start,
                subscription: subscription, service: self
            )
        } catch {
            subscription.finish()
            throw error
        }
    }

    /// The notifications after `cursor` as groups of one, oldest first, and the newest cursor read.
    func newer(than cursor: Int64, for me: Account) async throws -> (groups: [NotificationGroup], newest: Int64) {
        let found = try await storage.notifications(of: me.id, page: PageRequest(limit: Self.catchUpLimit, sinceCursor: cursor))
        return (try await singles(found.reversed(), to: me), found.first?.id.integerValue ?? cursor)
    }

    /// Each notification shown on its own (as a stream sends them).
    private func singles(_ notifications: [AccountNotification], to me: Account) async throws -> [NotificationGroup] {
        let readUpTo = try await storage.notificationsReadUpTo(of: me.id)
        return try await shown(notifications, to: me).map { Self.group([$0], readUpTo: readUpTo) }
    }
}
