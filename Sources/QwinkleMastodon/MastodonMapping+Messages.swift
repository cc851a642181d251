import Foundation
import QwinkleKit
import QwinkleServices

extension MastodonMapping {
    /// A private message as Mastodon's `direct` status: from its sender, mentioning the others in its conversation;
    /// `replyingTo` is the message before it, when the caller knows it. `nil` for a message whose sender's account
    /// is gone, which Mastodon has no way to show.
    func status(
        _ message: Message, in shown: ShownConversation, counts: [Account.ID: AccountCounts], replyingTo: Message? = nil
    ) -> MastodonStatus? {
        guard let senderID = message.sender, let sender = shown.accounts[senderID] else { return nil }
        let mentions = Self.others(than: senderID, in: shown).map(Mention.init(naming:))
        let page = origin.base + "/messages/\(shown.conversation.id.rawValue)"
        let published = MastodonStatus.Published(
            id: MastodonStatusID.of(message.id), uri: page + "#message-\(message.id.rawValue)", url: MastodonNullable(page),
            createdAt: RFC3339.string(from: message.createdAt), editedAt: MastodonNullable(nil),
            content: EntryHTML.paragraphs(EntryText(message.body), mentions: mentions, base: origin.base, markup: .mastodon(profiles: [:])),
            visibility: "direct", sensitive: false, spoilerText: "",
            mediaAttachments: message.photos.map { attachment(AttachedPhoto(id: $0)) }, application: MastodonNullable(nil),
            mentions: mentions.map { mention in
                MastodonStatusMention(
                    id: mention.account.rawValue, username: mention.username, url: origin.base + EntryHTML.profilePath(mention.name.text),
                    acct: mention.name.text
                )
            },
            tags: [], emojis: [], reblog: MastodonNull(), poll: MastodonNull(), card: MastodonNull(), language: MastodonNullable(nil),
            text: MastodonNullable(nil)
        )
        let viewed = MastodonStatus.Viewed(
            repliesCount: 0, reblogsCount: 0, favouritesCount: 0,
            inReplyToId: MastodonNullable(replyingTo.map { MastodonStatusID.of($0.id) }),
            inReplyToAccountId: MastodonNullable(replyingTo?.sender?.rawValue),
            favourited: false, reblogged: false, muted: false, bookmarked: false, pinned: false, filtered: [],
            qwinkle: MastodonQwinkleStatus(
                kind: "message", visibility: "message", audience: "The people in the conversation.", revision: 1, dream: nil,
                replyUnavailable: false
            )
        )
        return MastodonStatus(published: published, account: account(sender, counts: counts[senderID]), viewed: viewed)
    }

    /// A conversation as `reader` has it: the others in it, whether it is unread, and its latest message.
    func conversation(_ shown: ShownConversation, reader: Account.ID, counts: [Account.ID: AccountCounts]) -> MastodonConversation {
        return MastodonConversation(
            id: shown.conversation.id.rawValue, unread: shown.unread,
            accounts: Self.others(than: reader, in: shown).map { account($0, counts: counts[$0.id]) },
            lastStatus: shown.lastMessage.flatMap { status($0, in: shown, counts: counts) }
        )
    }

    /// The people of a conversation besides `one`, in the order of their IDs.
    private static func others(than one: Account.ID, in shown: ShownConversation) -> [Account] {
        shown.conversation.participants.filter { $0 != one }.compactMap { shown.accounts[$0] }
            .sorted { ($0.id.integerValue ?? 0) < ($1.id.integerValue ?? 0) }
    }
}
