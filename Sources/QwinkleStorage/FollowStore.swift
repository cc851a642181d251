import Foundation
import QwinkleKit

/// What a viewer's relationships are, to decide what they may read.
public struct ViewerRelations: Hashable, Sendable {
    /// The accounts the viewer follows.
    public var following: Set<Account.ID>
    /// The accounts whose journals are shared with the viewer.
    public var journalOwners: Set<Account.ID>

    /// Collects a viewer's relationships.
    public init(following: Set<Account.ID> = [], journalOwners: Set<Account.ID> = []) {
        self.following = following
        self.journalOwners = journalOwners
    }
}

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
    /// The viewer's follows and journal grants.
    func relations(of viewer: Account.ID) async throws -> ViewerRelations
}
