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
}

/// Mastodon's `Notification`.
struct MastodonNotification: Encodable, Sendable {
    var id: String
    var type: String
    var createdAt: String
    var account: MastodonAccount
    var status: MastodonStatus?
    /// Qwinkle's own kind of notification, which `type` names in Mastodon's words.
    var qwinkle: Qwinkle

    struct Qwinkle: Encodable, Sendable {
        var kind: String
    }
}

/// Mastodon's `Marker`.
struct MastodonMarker: Encodable, Sendable {
    var lastReadId: String
    var version: Int
    var updatedAt: String
}
