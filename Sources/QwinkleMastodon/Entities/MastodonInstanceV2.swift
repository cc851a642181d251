/// Mastodon's `Instance` (v2, `GET /api/v2/instance`): what current apps read first.
struct MastodonInstanceV2: Encodable, Sendable {
    struct Usage: Encodable, Sendable {
        struct Users: Encodable, Sendable {
            var activeMonth: Int

            enum CodingKeys: String, CodingKey {
                case activeMonth = "active_month"
            }
        }

        var users: Users
    }

    struct Thumbnail: Encodable, Sendable {
        var url: String
    }

    /// An icon of the server at one size (Mastodon 4.3).
    struct Icon: Encodable, Sendable {
        var src: String
        /// `WIDTHxHEIGHT`.
        var size: String
    }

    /// The API versions the server implements (Mastodon 4.3): `mastodon` is the version of Mastodon's own API.
    struct APIVersions: Encodable, Sendable {
        var mastodon: Int
    }

    struct Configuration: Encodable, Sendable {
        struct URLs: Encodable, Sendable {
            var streaming: String
        }

        struct Accounts: Encodable, Sendable {
            var maxFeaturedTags: Int
            var maxPinnedStatuses: Int

            enum CodingKeys: String, CodingKey {
                case maxFeaturedTags = "max_featured_tags", maxPinnedStatuses = "max_pinned_statuses"
            }
        }

        /// The key push messages are signed with (Mastodon 4.3); empty while the server sends none.
        struct VAPID: Encodable, Sendable {
            var publicKey: String

            enum CodingKeys: String, CodingKey {
                case publicKey = "public_key"
            }
        }

        struct Translation: Encodable, Sendable {
            var enabled: Bool
        }

        var urls: URLs
        var vapid: VAPID
        var accounts: Accounts
        var statuses: MastodonConfiguration.Statuses
        var mediaAttachments: MastodonConfiguration.MediaAttachments
        var polls: MastodonConfiguration.Polls
        var translation: Translation

        enum CodingKeys: String, CodingKey {
            case urls, vapid, accounts, statuses, mediaAttachments = "media_attachments", polls, translation
        }
    }

    struct Registrations: Encodable, Sendable {
        var enabled: Bool
        var approvalRequired: Bool
        var message: MastodonNull

        enum CodingKeys: String, CodingKey {
            case enabled, approvalRequired = "approval_required", message
        }
    }

    struct Contact: Encodable, Sendable {
        var email: String
        var account: MastodonNull
    }

    var domain: String
    var title: String
    var version: String
    var sourceUrl: String
    var description: String
    var usage: Usage
    var thumbnail: Thumbnail
    var icon: [Icon]
    var languages: [String]
    var configuration: Configuration
    var registrations: Registrations
    var apiVersions: APIVersions
    var contact: Contact
    var rules: [MastodonRule]
    /// Qwinkle's own limits that Mastodon's entity has no place for, as Pleroma and Akkoma extend theirs.
    var qwinkle: MastodonQwinkleLimits

    enum CodingKeys: String, CodingKey {
        case domain, title, version, sourceUrl = "source_url", description, usage, thumbnail, icon, languages, configuration,
            registrations, apiVersions = "api_versions", contact, rules, qwinkle
    }
}

/// The length rule's parts a Mastodon app cannot know from Mastodon's fields: a photo counts characters, and journal
/// and private entries may be longer.
struct MastodonQwinkleLimits: Encodable, Sendable {
    var charactersReservedPerPhoto: Int
    var journalMaxCharacters: Int

    enum CodingKeys: String, CodingKey {
        case charactersReservedPerPhoto = "characters_reserved_per_photo",
            journalMaxCharacters = "journal_max_characters"
    }
}
