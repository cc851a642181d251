import QwinkleKit

/// How the viewer and another account stand: whether each follows the other.
public struct Relationship: Hashable, Sendable {
    /// The other account.
    public var account: Account
    /// Whether the viewer follows them.
    public var following: Bool
    /// Whether they follow the viewer.
    public var followedBy: Bool

    /// Describes a relationship.
    public init(account: Account, following: Bool, followedBy: Bool) {
        self.account = account
        self.following = following
        self.followedBy = followedBy
    }
}
