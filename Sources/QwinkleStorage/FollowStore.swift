import Foundation
import QwinkleKit

/// Who follows whom.
public protocol FollowStore: Sendable {
    /// Makes `follower` follow `followee`; doing it again changes nothing.
    func follow(_ follower: Account.ID, _ followee: Account.ID, at date: Date) async throws
    /// Stops `follower` following `followee`; doing it again changes nothing.
    func unfollow(_ follower: Account.ID, _ followee: Account.ID) async throws
    /// Whether `follower` follows `followee`.
    func isFollowing(_ follower: Account.ID, _ followee: Account.ID) async throws -> Bool
    /// The accounts following `account`, most recent first; the cursor is the follow's own sequence.
    func followers(of account: Account.ID, page: PageRequest) async throws -> [Paged<Account>]
    /// The accounts `account` follows, most recent first; the cursor is the follow's own sequence.
    func following(of account: Account.ID, page: PageRequest) async throws -> [Paged<Account>]
    /// The viewer's follows, journal grants, blocks either way and the mutes that hold at `date`.
    func relations(of viewer: Account.ID, at date: Date) async throws -> ViewerRelations
    /// What `relations(of:at:)` does not say of `me` and `other`, read in one statement: whether `other` follows `me`,
    /// the requests to follow either way, how `me` mutes `other` at `date`, and `me`'s note on `other`.
    func pairFacts(of me: Account.ID, with other: Account.ID, at date: Date) async throws -> PairFacts
    /// Keeps `me`'s private note on `other`, replacing any; an empty note removes it.
    func setNote(_ note: String, on other: Account.ID, by me: Account.ID, at date: Date) async throws
}

/// How two accounts stand, beyond the first one's relations.
public struct PairFacts: Hashable, Sendable {
    /// Whether the other follows the first.
    public var followedBy: Bool
    /// Whether the first asked to follow the other, who has not answered.
    public var requested: Bool
    /// Whether the other asked to follow the first, who has not answered.
    public var requestedBy: Bool
    /// How the first mutes the other, if it does.
    public var mute: Mute?
    /// The first's private note on the other; empty for none.
    public var note: String

    /// Describes how two accounts stand.
    public init(followedBy: Bool = false, requested: Bool = false, requestedBy: Bool = false, mute: Mute? = nil, note: String = "") {
        self.note = note
        self.followedBy = followedBy
        self.requested = requested
        self.requestedBy = requestedBy
        self.mute = mute
    }
}

extension FollowStore {
    /// The viewer's relations as they are now.
    public func relations(of viewer: Account.ID) async throws -> ViewerRelations {
        try await relations(of: viewer, at: Date())
    }
}
