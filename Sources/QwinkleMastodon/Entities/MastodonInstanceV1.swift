/// Mastodon's `Instance` (v1, `GET /api/v1/instance`): what Mastodon.py and older apps read first.
struct MastodonInstanceV1: Encodable, Sendable {
    struct URLs: Encodable, Sendable {
        var streamingAPI: String

        enum CodingKeys: String, CodingKey {
            case streamingAPI = "streaming_api"
        }
    }

    struct Stats: Encodable, Sendable {
        var userCount: Int
        var statusCount: Int
        var domainCount: Int

        enum CodingKeys: String, CodingKey {
            case userCount = "user_count", statusCount = "status_count", domainCount = "domain_count"
        }
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

    enum CodingKeys: String, CodingKey {
        case uri, title, shortDescription = "short_description", description, email, version, urls, stats, thumbnail,
            languages, registrations, approvalRequired = "approval_required", invitesEnabled = "invites_enabled",
            configuration, contactAccount = "contact_account", rules, qwinkle
    }
}

/// The limits an app keeps to when it writes a status, shared by both versions of the instance.
struct MastodonConfiguration: Encodable, Sendable {
    struct Statuses: Encodable, Sendable {
        var maxCharacters: Int
        var maxMediaAttachments: Int
        var charactersReservedPerUrl: Int

        enum CodingKeys: String, CodingKey {
            case maxCharacters = "max_characters", maxMediaAttachments = "max_media_attachments",
                charactersReservedPerUrl = "characters_reserved_per_url"
        }
    }

    struct MediaAttachments: Encodable, Sendable {
        var supportedMimeTypes: [String]
        var imageSizeLimit: Int
        var imageMatrixLimit: Int
        var videoSizeLimit: Int
        var videoFrameRateLimit: Int
        var videoMatrixLimit: Int

        enum CodingKeys: String, CodingKey {
            case supportedMimeTypes = "supported_mime_types", imageSizeLimit = "image_size_limit",
                imageMatrixLimit = "image_matrix_limit", videoSizeLimit = "video_size_limit",
                videoFrameRateLimit = "video_frame_rate_limit", videoMatrixLimit = "video_matrix_limit"
        }
    }

    struct Polls: Encodable, Sendable {
        var maxOptions: Int
        var maxCharactersPerOption: Int
        var minExpiration: Int
        var maxExpiration: Int

        enum CodingKeys: String, CodingKey {
            case maxOptions = "max_options", maxCharactersPerOption = "max_characters_per_option",
                minExpiration = "min_expiration", maxExpiration = "max_expiration"
        }
    }

    var statuses: Statuses
    var mediaAttachments: MediaAttachments
    var polls: Polls

    enum CodingKeys: String, CodingKey {
        case statuses, mediaAttachments = "media_attachments", polls
    }
}

/// One of a server's rules (Qwinkle has none to list).
struct MastodonRule: Encodable, Sendable {
    var id: String
    var text: String
}
