import QwinkleKit
import QwinkleStorage

/// Mastodon's `Relationship`: how the signed-in account and another stand. Qwinkle has follows only (no blocks,
/// mutes, requests or notes), so the rest is `false` or empty, as for a Mastodon account that uses none of them.
struct MastodonRelationship: Encodable, Sendable {
    var id: String
    var following: Bool
    var showingReblogs: Bool
    var notifying: Bool
    var languages: [String]
    var followedBy: Bool
    var blocking: Bool
    var blockedBy: Bool
    var muting: Bool
    var mutingNotifications: Bool
    var requested: Bool
    var requestedBy: Bool
    var domainBlocking: Bool
    var endorsed: Bool
    var note: String

    enum CodingKeys: String, CodingKey {
        case id, following, showingReblogs = "showing_reblogs", notifying, languages, followedBy = "followed_by",
            blocking, blockedBy = "blocked_by", muting, mutingNotifications = "muting_notifications", requested,
            requestedBy = "requested_by", domainBlocking = "domain_blocking", endorsed, note
    }
}

/// Mastodon's `Notification`.
struct MastodonNotification: Encodable, Sendable {
    var id: String
    var type: String
    /// The group it is shown in by grouped notifications (Mastodon 4.3).
    var groupKey: String
    var createdAt: String
    var account: MastodonAccount
    var status: MastodonStatus?
    /// Qwinkle's own kind of notification, which `type` names in Mastodon's words.
    var qwinkle: Qwinkle

    struct Qwinkle: Encodable, Sendable {
        var kind: String
    }

    enum CodingKeys: String, CodingKey {
        case id, type, groupKey = "group_key", createdAt = "created_at", account, status, qwinkle
    }
}

/// Mastodon's `Marker`.
struct MastodonMarker: Encodable, Sendable {
    var lastReadId: String
    var version: Int
    var updatedAt: String

    enum CodingKeys: String, CodingKey {
        case lastReadId = "last_read_id", version, updatedAt = "updated_at"
    }
}

extension MastodonMarker {
    /// A kept read position as Mastodon's marker.
    init(_ marker: ReadMarker) {
        self.init(lastReadId: marker.lastReadID, version: marker.version, updatedAt: RFC3339.string(from: marker.updatedAt))
    }
}
