import Foundation

/// A private conversation: one per set of participants, readable by them alone.
public struct Conversation: Hashable, Sendable, Codable, Identifiable {
    /// The identifier of a conversation.
    public typealias ID = Identifier<Conversation>

    /// The conversation's identifier.
    public var id: ID
    /// Everyone in the conversation, including the person reading it.
    public var participants: Set<Account.ID>
    /// When the first message was sent.
    public var createdAt: Date
    /// When the latest message was sent; conversations are listed by it, newest first.
    public var lastMessageAt: Date

    /// Creates a conversation; a new one's latest message is its first.
    public init(id: ID, participants: Set<Account.ID>, createdAt: Date, lastMessageAt: Date? = nil) {
        self.id = id
        self.participants = participants
        self.createdAt = createdAt
        self.lastMessageAt = lastMessageAt ?? createdAt
    }

    enum CodingKeys: String, CodingKey {
        case id
        case participants
        case createdAt = "created_at"
        case lastMessageAt = "last_message_at"
    }

    /// Encodes participants in a fixed order, so the same conversation always gives the same bytes.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(participants.map(\.rawValue).sorted(), forKey: .participants)
        try container.encode(createdAt, forKey: .createdAt)
        try container.encode(lastMessageAt, forKey: .lastMessageAt)
    }
}
