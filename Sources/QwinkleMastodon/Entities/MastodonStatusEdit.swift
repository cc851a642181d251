/// Mastodon's `StatusEdit`: one revision of a status.
struct MastodonStatusEdit: Encodable, Sendable {
    var content: String
    var spoilerText: String
    var sensitive: Bool
    var createdAt: String
    var account: MastodonAccount
    var mediaAttachments: [MastodonMediaAttachment]
    var emojis: [String]
    /// The revision's number, which an edit may name as its base.
    var qwinkle: Qwinkle

    struct Qwinkle: Encodable, Sendable {
        var revision: Int
    }

    enum CodingKeys: String, CodingKey {
        case content, spoilerText = "spoiler_text", sensitive, createdAt = "created_at", account,
            mediaAttachments = "media_attachments", emojis, qwinkle
    }
}

/// Mastodon's `StatusSource`: the text as written, for an edit.
struct MastodonStatusSource: Encodable, Sendable {
    var id: String
    var text: String
    var spoilerText: String

    enum CodingKeys: String, CodingKey {
        case id, text, spoilerText = "spoiler_text"
    }
}

/// Mastodon's `Context`: the statuses a status answers, and its replies.
struct MastodonContext: Encodable, Sendable {
    var ancestors: [MastodonStatus]
    var descendants: [MastodonStatus]
}
