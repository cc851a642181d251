import Foundation

/// A private message in a conversation.
public struct Message: Hashable, Sendable, Codable, Identifiable {
    /// The identifier of a message.
    public typealias ID = Identifier<Message>

    /// The message's identifier.
    public var id: ID
    /// The conversation it belongs to.
    public var conversation: Conversation.ID
    /// The account that sent it; `nil` once that account is deleted (the message stays in the conversation).
    public var sender: Account.ID?
    /// The text.
    public var body: String
    /// Photos sent with it, in order.
    public var photos: [Photo.ID]
    /// When it was sent.
    public var createdAt: Date

    /// Creates a message.
    public init(
        id: ID, conversation: Conversation.ID, sender: Account.ID?, body: String, photos: [Photo.ID] = [],
        createdAt: Date
    ) {
        self.id = id
        self.conversation = conversation
        self.sender = sender
        self.body = body
        self.photos = photos
        self.createdAt = createdAt
    }

    enum CodingKeys: String, CodingKey {
        case id
        case conversation = "conversation_id"
        case sender = "sender_id"
        case body
        case photos = "photo_ids"
        case createdAt = "created_at"
    }
}
