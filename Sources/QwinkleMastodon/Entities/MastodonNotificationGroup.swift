/// Mastodon's `GroupedNotificationsResults` (4.3): the groups of a page, and the accounts and statuses they name,
/// each once.
struct MastodonGroupedNotifications: Encodable, Sendable {
    var accounts: [MastodonAccount]
    var statuses: [MastodonStatus]
    var notificationGroups: [MastodonNotificationGroup]

    enum CodingKeys: String, CodingKey {
        case accounts, statuses, notificationGroups = "notification_groups"
    }
}

/// Mastodon's `NotificationGroup`: notifications of one type about one subject, on one page.
struct MastodonNotificationGroup: Encodable, Sendable {
    var groupKey: String
    var notificationsCount: Int
    var type: String
    var mostRecentNotificationId: String
    var pageMinId: String
    var pageMaxId: String
    var latestPageNotificationAt: String
    var sampleAccountIds: [String]
    var statusId: String?

    enum CodingKeys: String, CodingKey {
        case groupKey = "group_key", notificationsCount = "notifications_count", type,
            mostRecentNotificationId = "most_recent_notification_id", pageMinId = "page_min_id", pageMaxId = "page_max_id",
            latestPageNotificationAt = "latest_page_notification_at", sampleAccountIds = "sample_account_ids", statusId = "status_id"
    }
}

/// Mastodon's `NotificationPolicy` (v2, 4.3), as Qwinkle decides: every notification of someone the reader may hear
/// from is shown (`accept`); those of accounts moderators limited are kept out unless the reader follows them
/// (`drop`). Nothing is ever set aside as a request.
struct MastodonNotificationPolicy: Encodable, Sendable {
    struct Summary: Encodable, Sendable {
        var pendingRequestsCount = 0
        var pendingNotificationsCount = 0

        enum CodingKeys: String, CodingKey {
            case pendingRequestsCount = "pending_requests_count", pendingNotificationsCount = "pending_notifications_count"
        }
    }

    var forNotFollowing = "accept"
    var forNotFollowers = "accept"
    var forNewAccounts = "accept"
    var forPrivateMentions = "accept"
    var forLimitedAccounts = "drop"
    var summary = Summary()

    enum CodingKeys: String, CodingKey {
        case forNotFollowing = "for_not_following", forNotFollowers = "for_not_followers", forNewAccounts = "for_new_accounts",
            forPrivateMentions = "for_private_mentions", forLimitedAccounts = "for_limited_accounts", summary
    }

    /// The policy under the names it has in v1: whether each kind is filtered (none is).
    struct V1: Encodable, Sendable {
        var filterNotFollowing = false
        var filterNotFollowers = false
        var filterNewAccounts = false
        var filterPrivateMentions = false
        var summary = Summary()

        enum CodingKeys: String, CodingKey {
            case filterNotFollowing = "filter_not_following", filterNotFollowers = "filter_not_followers",
                filterNewAccounts = "filter_new_accounts", filterPrivateMentions = "filter_private_mentions", summary
        }
    }
}
