import Foundation
import Hummingbird
import QwinkleKit
import QwinkleServices
import QwinkleStorage

extension MastodonAPI {
    /// Notifications as Mastodon 4.3 serves them besides v1's list: one by ID, dismissing one or all, the unread
    /// count, grouped notifications (v2) and the notification policy, which answers what Qwinkle does.
    func addGroupedNotificationRoutes<Context: RequestContext>(to router: Router<Context>) {
        for version in ["v1", "v2"] {
            router.get(RouterPath("/api/\(version)/notifications/unread_count")) { request, _ in
                let me = try await caller(request).account(needing: "read:notifications")
                return try Self.json(["count": try await services.notifications.unreadCount(for: me)])
            }
        }
        router.get("/api/v1/notifications/:id") { request, context in
            let me = try await caller(request).account(needing: "read:notifications")
            let single = try await services.notifications.single(id: context.parameters.get("id") ?? "", for: me)
            let counts = try await services.accounts.counts(of: single.actors + (single.entry.map { [$0.author] } ?? []))
            guard let shown = mapping(request).notification(single, counts: counts) else { throw ServiceError.notFound("The notification") }
            return try Self.json(shown)
        }
        router.post("/api/v1/notifications/:id/dismiss") { request, context in
            let me = try await caller(request).account(needing: "write:notifications")
            guard let id = Entry.ID.decimalInteger(context.parameters.get("id") ?? "") else { throw ServiceError.notFound("The notification") }
            // One notification is found or not, as Mastodon finds it; a group is dismissed even if it is gone already.
            guard try await services.notifications.dismiss(NotificationMatch(ids: id...id), by: me) == 1 else {
                throw ServiceError.notFound("The notification \(id)")
            }
            return try Self.json([String: String]())
        }
        router.post("/api/v1/notifications/clear") { request, _ in
            let me = try await caller(request).account(needing: "write:notifications")
            try await services.notifications.clear(by: me)
            return try Self.json([String: String]())
        }
        router.get("/api/v2/notifications") { request, _ in
            let me = try await caller(request).account(needing: "read:notifications")
            return try await groupedPage(for: me, request: request)
        }
        router.get("/api/v2/notifications/:group_key") { request, context in
            let me = try await caller(request).account(needing: "read:notifications")
            _ = try Self.match(groupKey: context.parameters.get("group_key") ?? "")
            return try await groupedPage(for: me, request: request, only: context.parameters.get("group_key"))
        }
        router.post("/api/v2/notifications/:group_key/dismiss") { request, context in
            let me = try await caller(request).account(needing: "write:notifications")
            try await services.notifications.dismiss(try Self.match(groupKey: context.parameters.get("group_key") ?? ""), by: me)
            return try Self.json([String: String]())
        }
        addNotificationPolicyRoutes(to: router)
    }

    /// The policy, which no app can change: Qwinkle filters nothing into requests.
    private func addNotificationPolicyRoutes<Context: RequestContext>(to router: Router<Context>) {
        router.get("/api/v2/notifications/policy") { request, _ in
            _ = try await caller(request).account(needing: "read:notifications")
            return try Self.json(MastodonNotificationPolicy())
        }
        router.patch("/api/v2/notifications/policy") { request, _ in
            _ = try await caller(request).account(needing: "write:notifications")
            let asked = try await MastodonInput.read([String: String].self, from: request)
            let policy = MastodonNotificationPolicy()
            let kept = [
                "for_not_following": policy.forNotFollowing, "for_not_followers": policy.forNotFollowers, "for_new_accounts": policy.forNewAccounts,
                "for_private_mentions": policy.forPrivateMentions, "for_limited_accounts": policy.forLimitedAccounts,
            ]
            for (name, value) in asked where kept[name] != nil && kept[name] != value {
                throw ServiceError.invalid(field: name, "Qwinkle decides this itself: \(name) is \(kept[name] ?? "").")
            }
            return try Self.json(policy)
        }
        router.get("/api/v1/notifications/policy") { request, _ in
            _ = try await caller(request).account(needing: "read:notifications")
            return try Self.json(MastodonNotificationPolicy.V1())
        }
        router.get("/api/v1/notifications/requests") { request, _ in
            _ = try await caller(request).account(needing: "read:notifications")
            return try Self.json([String]())
        }
        router.get("/api/v1/notifications/requests/merged") { request, _ in
            _ = try await caller(request).account(needing: "read:notifications")
            return try Self.json(["merged": true])
        }
    }

    /// The types grouped unless an app names others: Mastodon's groupable ones.
    static let groupableTypes: Set<String> = ["favourite", "follow", "reblog"]

    /// A page of notifications grouped as Mastodon 4.3 groups them: of a groupable type about one status (or, for
    /// follows, all on the page), each group placed at its newest; with `only`, the one group of that key.
    private func groupedPage(for me: Account, request: Request, only: String? = nil) async throws -> Response {
        let query = MastodonQuery(request)
        let page = try Self.pageRequest(request)
        let found = try await Self.readsUpward(request)
            ? services.notifications.singlesPageAbove(for: me, page: page) : services.notifications.singlesPage(for: me, page: page)
        let types = Set(query.list("types"))
        let excluded = Set(query.list("exclude_types"))
        let grouping = query.list("grouped_types").isEmpty ? Self.groupableTypes : Set(query.list("grouped_types")).intersection(Self.groupableTypes)
        let account = query.get("account_id")
        var groups: [(key: String, type: String, items: [NotificationGroup])] = []
        for single in found.items {
            guard let type = Self.notificationType(single.kind), types.isEmpty || types.contains(type), !excluded.contains(type),
                account == nil || single.actors.first?.id.rawValue == account
            else { continue }
            let key = Self.groupKey(of: single, type: type, grouping: grouping)
            if let index = groups.firstIndex(where: { $0.key == key }) { groups[index].items.append(single) } else { groups.append((key, type, [single])) }
        }
        // A page's follows are one group, named by the range of IDs it holds, so dismissing it takes those alone.
        groups = groups.map { group in
            guard group.key == "follow", let newest = group.items.first?.id.rawValue, let oldest = group.items.last?.id.rawValue else { return group }
            return ("follow-\(oldest)-\(newest)", group.type, group.items)
        }
        if let only { groups = groups.filter { $0.key == only } }
        let mapping = mapping(request)
        let actors = groups.flatMap { $0.items.compactMap(\.actors.first) }
        let entries = groups.compactMap { $0.items.first?.entry }
        let counts = try await services.accounts.counts(of: actors + entries.map(\.author))
        var accounts: [Account.ID: MastodonAccount] = [:]
        for actor in actors where accounts[actor.id] == nil { accounts[actor.id] = mapping.account(actor, counts: counts[actor.id]) }
        for entry in entries where accounts[entry.author.id] == nil { accounts[entry.author.id] = mapping.account(entry.author, counts: counts[entry.author.id]) }
        var statuses: [Entry.ID: MastodonStatus] = [:]
        for entry in entries where statuses[entry.id] == nil { statuses[entry.id] = mapping.status(entry, counts: counts, signedIn: true) }
        let shown = MastodonGroupedNotifications(
            accounts: Array(accounts.values), statuses: Array(statuses.values),
            notificationGroups: groups.compactMap { group in
                guard let newest = group.items.first, let oldest = group.items.last else { return nil }
                var samples: [String] = []
                for actor in group.items.compactMap(\.actors.first) where !samples.contains(actor.id.rawValue) { samples.append(actor.id.rawValue) }
                return MastodonNotificationGroup(
                    groupKey: group.key, notificationsCount: group.items.count, type: group.type, mostRecentNotificationId: newest.id.rawValue,
                    pageMinId: oldest.id.rawValue, pageMaxId: newest.id.rawValue, latestPageNotificationAt: RFC3339.string(from: newest.createdAt),
                    sampleAccountIds: Array(samples.prefix(8)), statusId: newest.entry?.id.rawValue
                )
            }
        )
        return try Self.json(
            shown,
            headers: Self.linkHeader(
                next: found.next, newest: found.items.first?.id.rawValue, limit: page.limit, base: mapping.origin.base + "/api/v2/notifications"
            )
        )
    }

    /// The key of the group a notification is shown in: its type and status for a favourite or a boost, `follow` for
    /// a follow (named by its page's range once the page is grouped), its own ID for the rest.
    static func groupKey(of single: NotificationGroup, type: String, grouping: Set<String> = groupableTypes) -> String {
        guard grouping.contains(type) else { return "ungrouped-\(single.id.rawValue)" }
        if type == "follow" { return "follow" }
        return single.entry.map { "\(type)-\($0.id.rawValue)" } ?? "ungrouped-\(single.id.rawValue)"
    }

    /// The notifications a group key names; `notFound` for a key that names none.
    static func match(groupKey key: String) throws -> NotificationMatch {
        let parts = key.split(separator: "-").map(String.init)
        let numbers = parts.dropFirst().compactMap(Entry.ID.decimalInteger)
        switch (parts.first, numbers.count, parts.count) {
        case ("ungrouped", 1, 2): return NotificationMatch(ids: numbers[0]...numbers[0])
        case ("favourite", 1, 2): return NotificationMatch(kind: .marked, entry: Entry.ID(integer: numbers[0]))
        case ("reblog", 1, 2): return NotificationMatch(kind: .shared, entry: Entry.ID(integer: numbers[0]))
        case ("follow", 2, 3) where numbers[0] <= numbers[1]: return NotificationMatch(kind: .followed, ids: numbers[0]...numbers[1])
        default: throw ServiceError.notFound("The notification group \(key)")
        }
    }
}
