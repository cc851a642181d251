/// Mastodon's `Instance` (v1, `GET /api/v1/instance`): what Mastodon.py and older apps read first.
struct MastodonInstanceV1: Encodable, Sendable {
    struct URLs: Encodable, Sendable {
        var streamingAPI: String
    }

    struct Stats: Encodable, Sendable {
        var userCount: Int
        var statusCount: Int
        var domainCount: Int
    }

    var uri: String
    var title: String
    var shortDescription: String
    var description: String
    var email: String
    var version: String
    var urls: URLs
    var stats: Stats
    var thumbnail: MastodonNull
    var languages: [String]
    var registrations: Bool
    var approvalRequired: Bool
    var invitesEnabled: Bool
    var configuration: MastodonConfiguration
    var contactAccount: MastodonNull
    var rules: [MastodonRule]
    /// Qwinkle's own limits that Mastodon's entity has no place for.
    var qwinkle: MastodonQwinkleLimits
}

/// The limits an app keeps to when it writes a status, shared by both versions of the instance.
struct MastodonConfiguration: Encodable, Sendable {
    struct Statuses: Encodable, Sendable {
        var maxCharacters: Int
        var maxMediaAttachments: Int
        var charactersReservedPerUrl: Int
    }

    struct MediaAttachments: Encodable, Sendable {
        var supportedMimeTypes: [String]
        var imageSizeLimit: Int
        var imageMatrixLimit: Int
        var videoSizeLimit: Int
        var videoFrameRateLimit: Int
        var videoMatrixLimit: Int
    }

    struct Polls: Encodable, Sendable {
        var maxOptions: Int
        var maxCharactersPerOption: Int
        var minExpiration: Int
        var maxExpiration: Int
    }

    var statuses: Statuses
    var mediaAttachments: MediaAttachments
    var polls: Polls
}

/// One of a server's rules (Qwinkle has none to list).
struct MastodonRule: Encodable, Sendable {
    var id: String
    var text: String
}
