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

/// A conversation as one of its participants has it: its latest message, and whether they have read up to it.
public struct ParticipantConversation: Hashable, Sendable {
    /// The conversation.
    public var conversation: Conversation
    /// Its latest message (`nil` only for a conversation whose messages are all gone).
    public var lastMessage: Message?
    /// Whether a message came after the participant last read it; what they send themselves is read.
    public var unread: Bool

    /// Describes a participant's conversation.
    public init(conversation: Conversation, lastMessage: Message?, unread: Bool) {
        self.conversation = conversation
        self.lastMessage = lastMessage
        self.unread = unread
    }
}

/// Private conversations: one per set of participants.
public protocol MessageStore: Sendable {
    /// Sends a message in the conversation of its participants, starting it if there is none. It is read by its
    /// sender, unread by the others, and brings the conversation back to the list of whoever removed it.
    func sendMessage(_ message: NewMessage) async throws -> (conversation: Conversation, message: Message)
    /// A page of the account's conversations by their latest message, newest first (the cursor is that message's
    /// ID); those it removed are left out unless `includingRemoved`.
    func conversations(of account: Account.ID, page: PageRequest, includingRemoved: Bool) async throws -> [Paged<ParticipantConversation>]
    /// One conversation as the account has it; `nil` when it is not one of its participants.
    func conversation(id: Conversation.ID, of account: Account.ID) async throws -> ParticipantConversation?
    /// The conversation with this ID.
    func conversation(id: Conversation.ID) async throws -> Conversation?
    /// A conversation's messages, newest first; the cursor is the message's ID.
    func messages(in conversation: Conversation.ID, page: PageRequest) async throws -> [Paged<Message>]
    /// The message with this ID.
    func message(id: Message.ID) async throws -> Message?
    /// Marks the conversation read by the account up to its latest message; `false` when it is not a participant.
    func markConversationRead(_ id: Conversation.ID, by account: Account.ID) async throws -> Bool
    /// Takes the conversation off the account's list until a newer message comes (and marks it read); `false` when
    /// it is not a participant. Nothing is deleted: the others keep it, and so does the account's archive.
    func removeConversation(_ id: Conversation.ID, by account: Account.ID) async throws -> Bool
}
