import Foundation

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
