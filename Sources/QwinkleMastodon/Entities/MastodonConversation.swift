/// Mastodon's `Conversation`: a private conversation as one participant has it, with the others and the latest
/// message as a `direct` status.
struct MastodonConversation: Encodable, Sendable {
    var id: String
    var unread: Bool
    var accounts: [MastodonAccount]
    var lastStatus: MastodonStatus?

    enum CodingKeys: String, CodingKey {
        case id, unread, accounts, lastStatus = "last_status"
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(unread, forKey: .unread)
        try container.encode(accounts, forKey: .accounts)
        // Mastodon writes `null` for a conversation without a status rather than leaving it out.
        try container.encode(lastStatus, forKey: .lastStatus)
    }
}
