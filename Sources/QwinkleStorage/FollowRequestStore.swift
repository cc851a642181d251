import Foundation
import QwinkleKit

/// Someone asking to follow an account that approves its followers.
public struct FollowRequest: Hashable, Sendable {
    /// Who asks.
    public var requester: Account
    /// For someone of another server, where the answer goes and, once approved, where the account's entries go.
    public var remote: RemoteFollower?

    /// Describes a request.
    public init(requester: Account, remote: RemoteFollower? = nil) {
        self.requester = requester
        self.remote = remote
    }
}

/// Follows that wait for their followee's approval: of this server's locked accounts by anyone, and of people
/// elsewhere who approve their followers by people here.
///
/// A request is one row per pair. Approving it makes the follow in the same transaction (a follow here, or a follower
/// elsewhere kept with its inbox); refusing or withdrawing it leaves nothing; a block between the two ends it.
public protocol FollowRequestStore: Sendable {
    /// Records that `requester` asks to follow `target` (`remote`: the follow came from another server); a new
    /// request tells the target. Asking again changes nothing; returns whether the request is new.
    func requestFollow(_ requester: Account.ID, _ target: Account.ID, remote: RemoteFollower?, at date: Date) async throws -> Bool
    /// The requests waiting for `target`, most recent first; the cursor is the request's own sequence.
    func followRequests(to target: Account.ID, page: PageRequest) async throws -> [Paged<FollowRequest>]
    /// Approves the request: it goes and the follow is made, and the target is told as of any new follower. Returns
    /// the request, `nil` when there was none.
    func approveFollowRequest(_ requester: Account.ID, _ target: Account.ID, at date: Date) async throws -> FollowRequest?
    /// Deletes the request (refused, or withdrawn by its requester); returns it, `nil` when there was none.
    func removeFollowRequest(_ requester: Account.ID, _ target: Account.ID) async throws -> FollowRequest?
}
