/// A share as Mastodon apps read it (Mastodon's "boost"): a status of the sharer's whose `reblog` is the status
/// shared, with the share's ID as its own, so a page that ends with it continues below it.
struct MastodonReblog: Encodable, Sendable {
    /// The share's ID.
    var id: String
    /// The shared entry's address, with the share's ID after `#`.
    var uri: String
    /// When the shared entry was written: a share keeps no time a reader could use.
    var createdAt: String
    /// The sharer.
    var account: MastodonAccount
    /// The status shared; `nil` while a page writes it apart (`MastodonJSONCache`), after the rest.
    var reblog: MastodonStatus?
    /// Whether the reader marked the shared entry, when signed in.
    var favourited: Bool?
    /// Whether the reader shared it themselves, when signed in.
    var reblogged: Bool
    /// Whether the reader bookmarked it, when signed in.
    var bookmarked: Bool
    /// Whether a reader is signed in, for the members only they are given.
    var signedIn: Bool

    private enum CodingKeys: String, CodingKey {
        case id, uri, url, createdAt = "created_at", editedAt = "edited_at", account, content, visibility, sensitive,
            spoilerText = "spoiler_text", mediaAttachments = "media_attachments", application, mentions, tags, emojis,
            reblogsCount = "reblogs_count", favouritesCount = "favourites_count", repliesCount = "replies_count",
            inReplyToId = "in_reply_to_id", inReplyToAccountId = "in_reply_to_account_id", reblog, poll, card, language, text,
            favourited, reblogged, muted, bookmarked, pinned, filtered
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(uri, forKey: .uri)
        try container.encode(MastodonNull(), forKey: .url)
        try container.encode(createdAt, forKey: .createdAt)
        try container.encode(MastodonNull(), forKey: .editedAt)
        try container.encode(account, forKey: .account)
        try container.encode("", forKey: .content)
        try container.encode("public", forKey: .visibility)
        try container.encode(false, forKey: .sensitive)
        try container.encode("", forKey: .spoilerText)
        let none: [String] = []
        for key in [CodingKeys.mediaAttachments, .mentions, .tags, .emojis] { try container.encode(none, forKey: key) }
        try container.encode(MastodonNull(), forKey: .application)
        for key in [CodingKeys.reblogsCount, .favouritesCount, .repliesCount] { try container.encode(0, forKey: key) }
        for key in [CodingKeys.inReplyToId, .inReplyToAccountId] { try container.encode(MastodonNull(), forKey: key) }
        for key in [CodingKeys.poll, .card, .language, .text] { try container.encode(MastodonNull(), forKey: key) }
        if signedIn {
            try container.encode(favourited ?? false, forKey: .favourited)
            try container.encode(reblogged, forKey: .reblogged)
            try container.encode(bookmarked, forKey: .bookmarked)
            for key in [CodingKeys.muted, .pinned] { try container.encode(false, forKey: key) }
            try container.encode(none, forKey: .filtered)
        }
        // Last, so a page can write the members before it and the status shared from its cache, the same bytes.
        if let reblog { try container.encode(reblog, forKey: .reblog) }
    }
}

/// An item of a timeline as Mastodon apps read it: a status, or a share of one.
enum MastodonTimelineItem: Encodable, Sendable {
    /// An entry in the list as itself.
    case status(MastodonStatus)
    /// An entry in the list because someone the reader follows shared it.
    case reblog(MastodonReblog)

    func encode(to encoder: any Encoder) throws {
        switch self {
        case .status(let status): try status.encode(to: encoder)
        case .reblog(let reblog): try reblog.encode(to: encoder)
        }
    }
}
