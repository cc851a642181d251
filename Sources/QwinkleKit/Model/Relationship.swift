import Foundation

/// Where you stand with another account.
public struct Relationship: Hashable, Sendable {
    /// Their profile.
    public var account: Account
    /// Whether you follow them.
    public var following: Bool
    /// Whether they follow you.
    public var followedBy: Bool
    /// Whether you block them.
    public var blocking: Bool
    /// Whether they block you.
    public var blockedBy: Bool
    /// How you mute them, if you do (an expired mute is none).
    public var muting: Mute?
    /// Whether you block their server.
    public var domainBlocking: Bool
    /// Whether you asked to follow them and they have not answered yet.
    public var requested: Bool
    /// Whether they asked to follow you and you have not answered yet.
    public var requestedBy: Bool
    /// Your private note on them, which only you ever see; empty for none.
    public var note: String

    /// The most characters a private note may have, as Mastodon allows.
    public static let maxNoteLength = 2_000

    /// Describes a relationship.
    public init(account: Account, following: Bool, followedBy: Bool, blocking: Bool = false, blockedBy: Bool = false, muting: Mute? = nil,
        domainBlocking: Bool = false, requested: Bool = false, requestedBy: Bool = false, note: String = ""
    ) {
        self.note = note
        self.account = account
        self.following = following
        self.followedBy = followedBy
        self.blocking = blocking
        self.blockedBy = blockedBy
        self.muting = muting
        self.domainBlocking = domainBlocking
        self.requested = requested
        self.requestedBy = requestedBy
    }
}
