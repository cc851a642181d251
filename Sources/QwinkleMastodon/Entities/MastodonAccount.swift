/// Mastodon's `Account`, and with `source` its `CredentialAccount` (what `verify_credentials` answers).
struct MastodonAccount: Encodable, Sendable {
    /// What the account's owner alone is shown: the raw profile and posting defaults.
    struct Source: Encodable, Sendable {
        var privacy: String
        var sensitive: Bool
        var language: MastodonNullable<String>
        var note: String
        var fields: [MastodonField]
        var followRequestsCount: Int

        enum CodingKeys: String, CodingKey {
            case privacy, sensitive, language, note, fields, followRequestsCount = "follow_requests_count"
        }
    }

    var id: String
    var username: String
    var acct: String
    var url: String
    /// Its ActivityPub actor's ID (Mastodon 4.2); for a person of another server, the address of their page here.
    var uri: String
    var displayName: String
    var note: String
    var avatar: String
    var avatarStatic: String
    var header: String
    var headerStatic: String
    var locked: Bool
    var fields: [MastodonField]
    var emojis: [String]
    var bot: Bool
    var group: Bool
    var discoverable: MastodonNullable<Bool>
    var noindex: Bool
    /// Whether their public posts may be found by search (Mastodon 4.2): Qwinkle's search finds every public entry.
    var indexable: Bool
    /// Whether who they follow and who follows them is hidden (Mastodon 4.1): Qwinkle shows both.
    var hideCollections: Bool
    /// Their roles on the server that show (Mastodon 4.1): Qwinkle shows none.
    var roles: [String]
    var createdAt: String
    var lastStatusAt: MastodonNullable<String>
    var statusesCount: Int
    var followersCount: Int
    var followingCount: Int
    var source: Source?
    /// Present (true) only for an account the server's moderators suspended, as Mastodon shows it.
    var suspended: Bool?
    /// Present (true) only for an account the server's moderators limited.
    var limited: Bool?
    /// In the list of whom one mutes only: when the mute ends, or null for one without an end.
    var muteExpiresAt: MastodonNullable<String>?

    enum CodingKeys: String, CodingKey {
        case id, username, acct, url, uri, displayName = "display_name", note, avatar, avatarStatic = "avatar_static",
            header, headerStatic = "header_static", locked, fields, emojis, bot, group, discoverable, noindex, indexable,
            hideCollections = "hide_collections", roles, createdAt = "created_at", lastStatusAt = "last_status_at", statusesCount = "statuses_count",
            followersCount = "followers_count", followingCount = "following_count", source, suspended, limited,
            muteExpiresAt = "mute_expires_at"
    }
}

/// A profile field (Qwinkle has none yet; the favourite creature travels in the note).
struct MastodonField: Encodable, Sendable {
    var name: String
    var value: String
    var verifiedAt: MastodonNullable<String>

    enum CodingKeys: String, CodingKey {
        case name, value, verifiedAt = "verified_at"
    }
}
