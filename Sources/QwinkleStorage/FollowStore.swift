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
}

extension FollowStore {
    /// The viewer's relations as they are now.
    public func relations(of viewer: Account.ID) async throws -> ViewerRelations {
        try await relations(of: viewer, at: Date())
    }
}
