import QwinkleKit

/// Mastodon's `Status`: an entry as Mastodon apps read it, with Qwinkle's own facts in `qwinkle`.
///
/// Written flat, as Mastodon's entity is, from three parts: what the entry's revision decides (the same for every
/// reader, so a page of statuses takes its JSON from `MastodonJSONCache`), its author's account, and what the
/// reader and the moment decide.
struct MastodonStatus: Encodable, Sendable {
    /// What the entry's revision and the server's origin decide.
    var published: Published
    /// The author, with their counts.
    var account: MastodonAccount
    /// What differs between readers, or changes without a new revision.
    var viewed: Viewed

    func encode(to encoder: any Encoder) throws {
        // Each part asks the same encoder for a keyed container, so their members share one object.
        try published.encode(to: encoder)
        var container = encoder.container(keyedBy: AccountKey.self)
        try container.encode(account, forKey: .account)
        try viewed.encode(to: encoder)
    }

    private enum AccountKey: String, CodingKey {
        case account
    }

    /// The members every reader of a revision is shown alike.
    struct Published: Encodable, Sendable {
        var id: String
        var uri: String
        var url: MastodonNullable<String>
        var createdAt: String
        var editedAt: MastodonNullable<String>
        var content: String
        var visibility: String
        var sensitive: Bool
        var spoilerText: String
        var mediaAttachments: [MastodonMediaAttachment]
        var application: MastodonNullable<MastodonStatusApplication>
        var mentions: [MastodonStatusMention]
        var tags: [MastodonStatusTag]
        var emojis: [String]
        var reblog: MastodonNull
        var poll: MastodonNull
        var card: MastodonNull
        var language: MastodonNullable<String>
        var text: MastodonNullable<String>

        enum CodingKeys: String, CodingKey {
            case id, uri, url, createdAt = "created_at", editedAt = "edited_at", content, visibility, sensitive,
                spoilerText = "spoiler_text", mediaAttachments = "media_attachments", application, mentions, tags, emojis,
                reblog, poll, card, language, text
        }
    }

    /// The members that depend on the reader (what they marked, whether they may see the parent) or change without
    /// a new revision (the replies, marks and shares).
    struct Viewed: Encodable, Sendable {
        var repliesCount: Int
        var reblogsCount: Int
        var favouritesCount: Int
        var inReplyToId: MastodonNullable<String>
        var inReplyToAccountId: MastodonNullable<String>
        var favourited: Bool?
        var reblogged: Bool?
        var muted: Bool?
        var bookmarked: Bool?
        var pinned: Bool?
        var filtered: [String]?
        /// What Mastodon's entity has no place for, as Pleroma and Akkoma extend theirs.
        var qwinkle: MastodonQwinkleStatus

        enum CodingKeys: String, CodingKey {
            case repliesCount = "replies_count", reblogsCount = "reblogs_count", favouritesCount = "favourites_count", inReplyToId = "in_reply_to_id", inReplyToAccountId = "in_reply_to_account_id",
                favourited, reblogged, muted, bookmarked, pinned, filtered, qwinkle
        }
    }
}

/// Qwinkle's own facts about an entry: its kind, its true audience, its revision, and a dream's details.
struct MastodonQwinkleStatus: Encodable, Sendable {
    /// `update`, `journal` or `dream`.
    var kind: String
    /// Qwinkle's visibility: `public`, `followers`, `journal` or `private`.
    var visibility: String
    /// Who may read it, in words.
    var audience: String
    /// The current revision, which an edit must name.
    var revision: Int
    /// A dream's creature, count and effects.
    var dream: Dream?
    /// Whether it answers an entry the reader may not see (or one deleted): Mastodon's reply fields are then
    /// `null`, since naming the parent would tell of a hidden entry.
    var replyUnavailable: Bool

    struct Dream: Encodable, Sendable {
        var creature: String
        var count: Int
        var effects: [String]
    }

    enum CodingKeys: String, CodingKey {
        case kind, visibility, audience, revision, dream, replyUnavailable = "reply_unavailable"
    }
}

/// Mastodon's `MediaAttachment`: a photo, or media of another server's note kept as a link.
struct MastodonMediaAttachment: Encodable, Sendable {
    var id: String
    var type: String
    var url: String
    var previewUrl: MastodonNullable<String>
    var remoteUrl: MastodonNullable<String>
    var meta: MastodonMediaMeta
    var description: MastodonNullable<String>
    var blurhash: MastodonNull

    enum CodingKeys: String, CodingKey {
        case id, type, url, previewUrl = "preview_url", remoteUrl = "remote_url", meta, description, blurhash
    }
}

/// `MediaAttachment.meta`: a photo's size for the original and the small preview (the same photo here), as Mastodon
/// writes them; empty when the size is not known.
struct MastodonMediaMeta: Encodable, Sendable {
    var original: Size?
    var small: Size?

    /// One version's size.
    struct Size: Encodable, Sendable {
        var width: Int
        var height: Int
        var size: String
        var aspect: Double
    }

    /// The meta of a photo of `size`, or an empty one.
    init(_ size: PhotoSize?) {
        let shown = size.map { Size(width: $0.width, height: $0.height, size: "\($0.width)x\($0.height)", aspect: $0.aspect) }
        original = shown
        small = shown
    }
}

/// `Status::Mention`.
struct MastodonStatusMention: Encodable, Sendable {
    var id: String
    var username: String
    var url: String
    var acct: String
}

/// `Status::Tag`.
struct MastodonStatusTag: Encodable, Sendable {
    var name: String
    var url: String
}

/// `Status::Application`: the app a status was posted with; Qwinkle does not record it, so it is `null`.
struct MastodonStatusApplication: Encodable, Sendable {
    var name: String
    var website: MastodonNullable<String>
}
