import QwinkleKit

/// What the server publishes about itself: its release, the length rule clients count with, and the photo size limit.
public struct InstanceInfo: Hashable, Sendable {
    /// The Qwinkle release the server runs (`QwinkleVersion.current` there), to compare with this client's.
    public var version: String?
    /// The length rule.
    public var lengthRule: LengthRule
    /// The largest photo accepted, in bytes.
    public var maxPhotoBytes: Int

    /// Describes a server's release and limits.
    public init(version: String? = nil, lengthRule: LengthRule, maxPhotoBytes: Int) {
        self.version = version
        self.lengthRule = lengthRule
        self.maxPhotoBytes = maxPhotoBytes
    }
}

/// A conversation with its participants' profiles.
public struct ConversationSummary: Hashable, Sendable {
    /// The conversation.
    public var conversation: Conversation
    /// The participants, in the order the server lists them.
    public var accounts: [Account]
    /// The latest message, when the server sent it (lists of conversations do).
    public var lastMessage: Message?
    /// Whether a message came since the reader last read it.
    public var unread: Bool

    /// Pairs a conversation with its participants.
    public init(conversation: Conversation, accounts: [Account], lastMessage: Message? = nil, unread: Bool = false) {
        self.conversation = conversation
        self.accounts = accounts
        self.lastMessage = lastMessage
        self.unread = unread
    }

    /// A conversation as read from the API.
    init(_ parts: (conversation: Conversation, accounts: [Account], lastMessage: Message?, unread: Bool)) {
        self.init(conversation: parts.conversation, accounts: parts.accounts, lastMessage: parts.lastMessage, unread: parts.unread)
    }
}
