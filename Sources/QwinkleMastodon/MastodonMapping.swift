import Foundation
import QwinkleAPITypes
import QwinkleKit

/// The one mapping from QwinkleKit's values to Mastodon's entities, for one request's origin (Mastodon wants
/// absolute URLs). It decides nothing: what may be shown was decided by the services before it gets here.
struct MastodonMapping: Sendable {
    /// Where the app reached the server.
    let origin: MastodonOrigin

    /// The picture shown for an account without an avatar, and as every header (Qwinkle has no header images).
    var defaultPicture: String { origin.base + "/apple-touch-icon.png" }

    /// An account, with its counts.
    func account(_ account: Account, counts: AccountCounts?) -> MastodonAccount {
        let counts = counts ?? AccountCounts()
        let avatar = account.avatar.map { origin.base + PhotoURL.path($0) } ?? defaultPicture
        var note = EntryHTML.paragraphs(account.bio, mentions: [], base: origin.base)
        if let creature = account.favoriteCreature {
            note += "<p>Favourite creature: \(EntryHTML.escape(creature.rawValue))</p>"
        }
        let url = origin.base + EntryHTML.profilePath(account.username)
        return MastodonAccount(
            // A person of another server: `username` is the name there, `acct` the whole handle, as Mastodon gives them.
            id: account.id.rawValue, username: account.username.split(separator: "@").first.map(String.init) ?? account.username, acct: account.username,
            url: url, uri: url,
            displayName: account.displayName.isEmpty ? account.username : account.displayName, note: note,
            avatar: avatar, avatarStatic: avatar, header: defaultPicture, headerStatic: defaultPicture, locked: account.locked, fields: [],
            emojis: [], bot: false, group: false, discoverable: MastodonNullable(true), noindex: false, indexable: true,
            hideCollections: false, roles: [],
            createdAt: RFC3339.string(from: account.createdAt),
            // Mastodon gives the day only, so a client cannot tell when exactly someone last posted.
            lastStatusAt: MastodonNullable(counts.lastEntryAt.map { Self.day($0) }),
            statusesCount: counts.entries, followersCount: counts.followers, followingCount: counts.following, source: nil,
            suspended: account.standing == .suspended ? true : nil, limited: account.standing == .limited ? true : nil, muteExpiresAt: nil
        )
    }

    /// The signed-in person's own account, with what only they are shown.
    func credentialAccount(_ account: Account, counts: AccountCounts?) -> MastodonAccount {
        var shown = self.account(account, counts: counts)
        shown.source = MastodonAccount.Source(
            privacy: "public", sensitive: false, language: MastodonNullable(nil), note: account.bio, fields: [], followRequestsCount: 0
        )
        return shown
    }

    /// An entry as the viewer is shown it; `counts` has its author's. (A page of them is written by
    /// `MastodonJSONCache`, which reuses what pages repeat.)
    func status(_ shown: TimelineEntry, counts: [Account.ID: AccountCounts], signedIn: Bool) -> MastodonStatus {
        MastodonStatus(
            published: published(shown.entry, original: shown.originalURL, photoSizes: shown.photoSizes),
            account: account(shown.author, counts: counts[shown.author.id]),
            viewed: viewed(shown, signedIn: signedIn)
        )
    }

    /// An item of a timeline: the entry's status, or for a share the sharer's status that reblogs it; `counts` has
    /// the author's and the sharer's.
    func item(_ shown: TimelineEntry, counts: [Account.ID: AccountCounts], signedIn: Bool) -> MastodonTimelineItem {
        let status = status(shown, counts: counts, signedIn: signedIn)
        guard var reblog = reblog(of: shown, counts: counts, signedIn: signedIn) else { return .status(status) }
        reblog.reblog = status
        return .reblog(reblog)
    }

    /// The sharer's status that reblogs a shared entry, without the status shared; `nil` when it is no share.
    func reblog(of shown: TimelineEntry, counts: [Account.ID: AccountCounts], signedIn: Bool) -> MastodonReblog? {
        guard let share = shown.sharedBy else { return nil }
        let uri = shown.originalURL ?? origin.base + EntryHTML.entryPath(shown.entry.id)
        return MastodonReblog(
            id: String(share.id), uri: uri + "#shares/\(share.id)", createdAt: RFC3339.string(from: shown.entry.createdAt),
            account: account(share.account, counts: counts[share.account.id]), reblog: nil, favourited: shown.marked, reblogged: shown.shared,
            bookmarked: shown.bookmarked, signedIn: signedIn
        )
    }

    /// What every reader of the entry's revision is shown alike; `original` is where an entry of another server was
    /// written, its `uri` and `url` as Mastodon gives a remote status.
    func published(_ entry: Entry, original: String? = nil, photoSizes: [Photo.ID: PhotoSize] = [:]) -> MastodonStatus.Published {
        let content = entry.content
        let url = original ?? origin.base + EntryHTML.entryPath(entry.id)
        let mentions = entry.mentions.map { mention in
            MastodonStatusMention(
                id: mention.account.rawValue, username: mention.username,
                url: origin.base + EntryHTML.profilePath(mention.name.text), acct: mention.name.text
            )
        }
        // Split once, for the content's links and the tags both.
        let text = EntryText(content.body)
        let tags = text.tags.map { tag in
            MastodonStatusTag(name: tag, url: origin.base + EntryHTML.tagPath(tag))
        }
        return MastodonStatus.Published(
            id: entry.id.rawValue, uri: url, url: MastodonNullable(url), createdAt: RFC3339.string(from: entry.createdAt),
            editedAt: MastodonNullable(entry.editedAt.map(RFC3339.string(from:))),
            // A note of another server is shown in its own markup, as the federation door kept it.
            content: (content.html ?? EntryHTML.paragraphs(text, mentions: entry.mentions, base: origin.base, markup: .mastodon(profiles: [:])))
                + EntryHTML.lines(of: content),
            visibility: Self.visibility(content.visibility), sensitive: content.sensitive, spoilerText: content.warning ?? "",
            // Media kept as links are Mastodon's attachments whose file is elsewhere, as it lists media it did not
            // cache: apps show them as such, so the content does not link them again.
            mediaAttachments: content.photos.map { attachment($0, size: photoSizes[$0.id]) } + content.linkedMedia.enumerated().map { attachment($1, number: $0, of: entry.id) },
            application: MastodonNullable(nil), mentions: mentions, tags: tags,
            emojis: [], reblog: MastodonNull(), poll: MastodonNull(), card: MastodonNull(),
            language: MastodonNullable(content.language), text: MastodonNullable(nil)
        )
    }

    /// What this reader is shown of the entry: their mark, the parent as they may see it, and the replies now.
    func viewed(_ shown: TimelineEntry, signedIn: Bool) -> MastodonStatus.Viewed {
        let entry = shown.entry
        let content = entry.content
        let dream = content.dream.map { details in
            MastodonQwinkleStatus.Dream(
                creature: details.creature.rawValue, count: details.numberOfCreatures.rawValue,
                effects: details.effects.sorted().map(\.rawValue)
            )
        }
        return MastodonStatus.Viewed(
            repliesCount: shown.replyCount, reblogsCount: shown.counts.shares, favouritesCount: shown.counts.marks,
            inReplyToId: MastodonNullable(shown.reply?.parent?.rawValue),
            inReplyToAccountId: MastodonNullable(shown.reply?.parentAuthor?.id.rawValue),
            favourited: signedIn ? shown.marked : nil, reblogged: signedIn ? shown.shared : nil, muted: signedIn ? false : nil,
            bookmarked: signedIn ? shown.bookmarked : nil, pinned: signedIn ? shown.pinned : nil, filtered: signedIn ? [] : nil,
            qwinkle: MastodonQwinkleStatus(
                kind: Self.kind(content.kind), visibility: content.visibility.rawValue, audience: Self.audience(content.visibility),
                revision: entry.revision, dream: dream, replyUnavailable: shown.reply == .unavailable
            )
        )
    }

    /// A photo of an entry, with its size when it is known (apps lay it out by it before its bytes come).
    func attachment(_ photo: AttachedPhoto, size: PhotoSize? = nil) -> MastodonMediaAttachment {
        let url = origin.base + PhotoURL.path(photo.id)
        return MastodonMediaAttachment(
            id: photo.id.rawValue, type: "image", url: url, previewUrl: MastodonNullable(url), remoteUrl: MastodonNullable(nil),
            meta: MastodonMediaMeta(size),
            description: MastodonNullable(photo.alt.isEmpty ? nil : photo.alt), blurhash: MastodonNull()
        )
    }

    /// Media kept as a link as Mastodon's attachment of a file elsewhere: its type as far as its server said, its
    /// address as its `url` and `remote_url`, no preview. Its ID is the entry's and its place, as it has no record
    /// of its own.
    func attachment(_ media: LinkedMedia, number: Int, of entry: Entry.ID) -> MastodonMediaAttachment {
        MastodonMediaAttachment(
            id: "\(entry.rawValue)-\(number + 1)", type: media.kind.rawValue, url: media.url, previewUrl: MastodonNullable(nil),
            remoteUrl: MastodonNullable(media.url), meta: MastodonMediaMeta(PhotoSize?.none), description: MastodonNullable(media.description.isEmpty ? nil : media.description),
            blurhash: MastodonNull()
        )
    }

    /// Qwinkle's visibility in Mastodon's words, never wider than the truth: followers-only is `private`; a journal
    /// entry and one its author alone sees are `direct` (mentioned people only, which a journal's readers are not
    /// told they are: the `qwinkle` extension says who they are).
    static func visibility(_ visibility: Visibility) -> String {
        switch visibility {
        case .public: "public"
        case .unlisted: "unlisted"
        case .followers: "private"
        case .journal, .private: "direct"
        }
    }

    /// A requested Mastodon visibility as the nearest Qwinkle audience that is never wider: `unlisted` is Qwinkle's
    /// own; `direct` becomes the author alone.
    static func visibility(requested text: String?) -> Visibility? {
        switch text ?? "public" {
        case "public": .public
        case "unlisted": .unlisted
        case "private": .followers
        case "direct": .private
        default: nil
        }
    }

    /// Who may read an entry of this visibility.
    static func audience(_ visibility: Visibility) -> String {
        switch visibility {
        case .public: "Everyone, including people who are not signed in."
        case .unlisted: "Everyone with the link, kept off public timelines and search."
        case .followers: "The author's followers."
        case .journal: "The author and the people they shared their journal with."
        case .private: "The author alone."
        }
    }

    static func kind(_ kind: Entry.Kind) -> String {
        switch kind {
        case .update: "update"
        case .journal: "journal"
        case .dream: "dream"
        }
    }

    /// `YYYY-MM-DD` in UTC.
    static func day(_ date: Date) -> String {
        String(RFC3339.string(from: date).prefix(10))
    }
}

extension MastodonMapping {
    /// A scheduled entry as Mastodon's `ScheduledStatus`.
    func scheduledStatus(_ scheduled: ScheduledEntry) -> MastodonScheduledStatus {
        MastodonScheduledStatus(
            id: scheduled.id.rawValue, scheduledAt: RFC3339.string(from: scheduled.scheduledAt),
            params: MastodonScheduledStatus.Parameters(
                text: scheduled.content.body, visibility: Self.visibility(scheduled.content.visibility),
                mediaIds: MastodonNullable(scheduled.content.photos.isEmpty ? nil : scheduled.content.photos.map(\.id.rawValue)),
                inReplyToId: MastodonNullable(nil), scheduledAt: MastodonNullable(nil), idempotency: MastodonNullable(nil),
                applicationId: 0, sensitive: MastodonNullable(scheduled.content.sensitive), spoilerText: MastodonNullable(scheduled.content.warning), poll: MastodonNull(),
                language: MastodonNullable(nil), withRateLimit: false
            ),
            mediaAttachments: scheduled.content.photos.map { attachment($0) }
        )
    }
}
