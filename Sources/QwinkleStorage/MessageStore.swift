import Foundation
import QwinkleKit

/// A private message about to be sent.
public struct NewMessage: Hashable, Sendable {
    /// The sender.
    public var sender: Account.ID
    /// The other participants (the sender is added).
    public var recipients: Set<Account.ID>
    /// The text.
    public var body: String
    /// Photos the sender uploaded, in order.
    public var photos: [Photo.ID]
    /// When it is sent.
    public var createdAt: Date
    /// What carries it to its recipients on other servers, queued in its own transaction.
    public var deliveries: [NewDelivery]

    /// Describes a message.
    public init(
        sender: Account.ID, recipients: Set<Account.ID>, body: String, photos: [Photo.ID], createdAt: Date, deliveries: [NewDelivery] = []
    ) {
        self.deliveries = deliveries
        self.sender = sender
        self.recipients = recipients
        self.body = body
        self.photos = photos
        self.createdAt = createdAt
    }

    /// Everyone in the conversation.
    public var participants: Set<Account.ID> { recipients.union([sender]) }
}

/// Private conversations: one per set of participants.
public protocol MessageStore: Sendable {
    /// Sends a message in the conversation of its participants, starting it if there is none.
    func sendMessage(_ message: NewMessage) async throws -> (conversation: Conversation, message: Message)
    /// The account's conversations, the most recently active first.
    func conversations(of account: Account.ID, limit: Int) async throws -> [Conversation]
    /// The conversation with this ID.
    func conversation(id: Conversation.ID) async throws -> Conversation?
    /// A conversation's messages, newest first; the cursor is the message's ID.
    func messages(in conversation: Conversation.ID, page: PageRequest) async throws -> [Paged<Message>]
}
