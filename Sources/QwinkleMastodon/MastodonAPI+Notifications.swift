import Foundation
import Hummingbird
import QwinkleKit
import QwinkleServices
import QwinkleStorage

extension MastodonAPI {
    /// Notifications (v1, one a row) and the read marker.
    func addNotificationRoutes<Context: RequestContext>(to router: Router<Context>) {
        router.get("/api/v1/notifications") { request, _ in
            let me = try await caller(request).account(needing: "read:notifications")
            let page = try Self.pageRequest(request)
            let query = MastodonQuery(request)
            let types = Set(query.list("types"))
            let excluded = Set(query.list("exclude_types"))
            let account = query.get("account_id")
            let found = try await Self.readsUpward(request)
                ? services.notifications.singlesPageAbove(for: me, page: page) : services.notifications.singlesPage(for: me, page: page)
            let shown = found.items.filter { group in
                guard let type = Self.notificationType(group.kind) else { return false }
                return (types.isEmpty || types.contains(type)) && !excluded.contains(type) && (account == nil || group.actors.first?.id.rawValue == account)
            }
            let counts = try await services.accounts.counts(of: shown.flatMap { $0.actors + ($0.entry.map { [$0.author] } ?? []) })
            let mapping = mapping(request)
            return try Self.json(
                shown.compactMap { mapping.notification($0, counts: counts) },
                headers: Self.linkHeader(
                    next: found.next, newest: found.items.first?.id.rawValue, limit: page.limit, base: mapping.origin.base + "/api/v1/notifications"
                )
            )
        }
        router.get("/api/v1/markers") { request, _ in
            let me = try await caller(request).account(needing: "read:statuses")
            var markers: [String: MastodonMarker] = [:]
            for timeline in ReadMarker.Timeline.allCases where MastodonQuery(request).list("timeline").contains(timeline.rawValue) {
                if let marker = try await services.notifications.readMarker(timeline, for: me) { markers[timeline.rawValue] = MastodonMarker(marker) }
            }
            return try Self.json(markers)
        }
        router.post("/api/v1/markers") { request, _ in
            let me = try await caller(request).account(needing: "write:statuses")
            let input = try await MastodonInput.read(MarkerUpdate.self, from: request)
            var markers: [String: MastodonMarker] = [:]
            for (timeline, position) in [(ReadMarker.Timeline.home, input.home), (.notifications, input.notifications)] {
                guard let last = position?.lastReadId else { continue }
                markers[timeline.rawValue] = MastodonMarker(try await services.notifications.saveReadMarker(timeline, lastReadID: last, for: me))
            }
            return try Self.json(markers)
        }
    }

    /// `POST /api/v1/markers`: `home[last_read_id]` and `notifications[last_read_id]` in a form, or
    /// `{"home": {"last_read_id": …}, …}`.
    struct MarkerUpdate: Decodable {
        struct Position: Decodable {
            var lastReadId: String?

            enum CodingKeys: String, CodingKey {
                case lastReadId = "last_read_id"
            }
        }

        var home: Position?
        var notifications: Position?
    }

    /// Mastodon's type for a kind of Qwinkle notification; `nil` for those its apps have no type for (a journal
    /// shared, a message, a refused edit), which Qwinkle's own clients show.
    static func notificationType(_ kind: AccountNotification.Kind) -> String? {
        switch kind {
        case .followed: "follow"
        case .followRequested: "follow_request"
        case .marked: "favourite"
        case .shared: "reblog"
        // A reply names its parent's author, as a Mastodon reply mentions them.
        case .mentioned, .replied: "mention"
        case .journalShared, .journalUnshared, .message, .editRefused: nil
        }
    }
}

extension MastodonMapping {
    /// A notification of one actor, as Mastodon's v1 lists them.
    func notification(_ group: NotificationGroup, counts: [Account.ID: AccountCounts]) -> MastodonNotification? {
        guard let type = MastodonAPI.notificationType(group.kind), let actor = group.actors.first else { return nil }
        return MastodonNotification(
            id: group.id.rawValue, type: type, groupKey: MastodonAPI.groupKey(of: group, type: type, grouping: ["favourite", "reblog"]), createdAt: RFC3339.string(from: group.createdAt),
            account: account(actor, counts: counts[actor.id]), status: group.entry.map { status($0, counts: counts, signedIn: true) },
            qwinkle: MastodonNotification.Qwinkle(kind: group.kind.rawValue)
        )
    }
}
