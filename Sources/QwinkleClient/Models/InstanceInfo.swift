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

    /// Pairs a conversation with its participants.
    public init(conversation: Conversation, accounts: [Account]) {
        self.conversation = conversation
        self.accounts = accounts
    }

    /// Pairs a conversation read from the API with its participants.
    init(_ parts: (conversation: Conversation, accounts: [Account])) {
        self.init(conversation: parts.conversation, accounts: parts.accounts)
    }
}
