import QwinkleKit

/// A signed-in account and its bearer token.
public struct Session: Hashable, Sendable, Codable {
    /// The account.
    public var account: Account
    /// The token to send as `Authorization: Bearer`.
    public var token: String

    /// Pairs an account with its token.
    public init(account: Account, token: String) {
        self.account = account
        self.token = token
    }
}

/// Where you stand with another account.
public struct Relationship: Hashable, Sendable {
    /// Their profile.
    public var account: Account
    /// Whether you follow them.
    public var following: Bool
    /// Whether they follow you.
    public var followedBy: Bool

    /// Describes a relationship.
    public init(account: Account, following: Bool, followedBy: Bool) {
        self.account = account
        self.following = following
        self.followedBy = followedBy
    }
}

/// What the server publishes about itself: the length rule clients count with, and the photo size limit.
public struct InstanceInfo: Hashable, Sendable {
    /// The length rule.
    public var lengthRule: LengthRule
    /// The largest photo accepted, in bytes.
    public var maxPhotoBytes: Int

    /// Describes a server's limits.
    public init(lengthRule: LengthRule, maxPhotoBytes: Int) {
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
}
