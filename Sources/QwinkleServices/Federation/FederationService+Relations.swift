import Foundation
import QwinkleKit
import QwinkleStorage

/// What sharing an entry from elsewhere came to.
public enum IncomingShare: Sendable {
    /// Done: shared, or set aside (an entry that may not be shared on, or one deleted since).
    case done
    /// The object is not kept here: the door fetches it from its own server, keeps it, and asks again.
    case notKept
}

extension FederationService {
    /// The account of an actor elsewhere whose shares are wanted here: kept, and followed by someone here.
    public func sharer(actorURL: String) async throws -> Account? {
        guard let account = try await storage.remoteAccount(actorURL: actorURL), try await storage.hasLocalFollowers(account.id) else {
            return nil
        }
        return account
    }

    /// A share by `sharer` (see `sharer(actorURL:)`) of the object `reference` names, which their followers here then
    /// find in their home timelines; only what the policy lets be shared on is (anything else is set aside).
    public func share(_ reference: ObjectReference, by sharer: Account, at date: Date?, activityID: String) async throws -> IncomingShare {
        guard let entry = try await entry(reference) else {
            if case .here = reference { try await setAside(activityID); return .done }
            return .notKept
        }
        guard Policy.canShare(entry) else { try await setAside(activityID); return .done }
        guard try await isFirstTime(activityID: activityID) else { return .done }
        do {
            _ = try await storage.addShare(NewShare(Share(sharer: sharer.id, entry: entry.id), activityID: activityID, sharedAt: date ?? context.clock.now()))
        } catch StorageError.notFound {
            // Deleted since it was read: there is nothing left to share.
        }
        return .done
    }

    /// The end of a share, named by its activity's ID: it goes, if it was the actor's.
    public func unshare(activityID announce: String, by actorURL: String) async throws {
        guard let sharer = try await storage.remoteAccount(actorURL: actorURL) else { return }
        _ = try await storage.removeShare(activityID: announce, sharer: sharer.id)
    }

    /// A follow of `account` from elsewhere, taken once (`activityID`): the follower is kept, and `accept` queued.
    public func addFollower(_ follower: RemoteFollower, of account: Account, accept: NewDelivery, activityID: String) async throws {
        guard try await isFirstTime(activityID: activityID) else { return }
        let now = context.clock.now()
        try await storage.addRemoteFollower(follower, of: account.id, at: now)
        try await storage.enqueueDeliveries([accept], at: now)
    }

    /// A follow from elsewhere that may not be (a block stands between the two), taken once (`activityID`): nothing is
    /// kept, and `reject` is queued.
    public func refuseFollow(_ reject: NewDelivery, activityID: String) async throws {
        guard try await isFirstTime(activityID: activityID) else { return }
        try await storage.enqueueDeliveries([reject], at: context.clock.now())
    }

    /// The end of a follow of `account` by the actor at `actorURL`; given `followActivity`, only of the follow that
    /// activity made.
    public func removeFollower(actorURL: String, of account: Account.ID, followActivity: String? = nil) async throws {
        if let followActivity {
            let follows = try await storage.remoteFollowers(of: account)
            guard follows.contains(where: { $0.actorURL == actorURL && $0.followActivity == followActivity }) else { return }
        }
        _ = try await storage.removeRemoteFollower(actorURL: actorURL, of: account)
    }

    /// The account's followers elsewhere, with their inboxes.
    public func remoteFollowers(of account: Account.ID) async throws -> [RemoteFollower] {
        try await storage.remoteFollowers(of: account)
    }

    /// A follow `follower` sent to the actor at `actorURL` refused by it: it ends (or its request does), and the
    /// follower's streams hear so.
    public func followRejected(of follower: Account, by actorURL: String) async throws {
        guard let followed = try await storage.remoteAccount(actorURL: actorURL) else { return }
        try await storage.unfollow(follower.id, followed.id)
        _ = try await storage.removeFollowRequest(follower.id, followed.id)
        context.events.publish(.relationsChanged(of: follower.id))
    }

    /// A follow `follower` asked of the actor at `actorURL`, who approves their followers, accepted by it: the follow
    /// is made. An Accept of a follow that did not wait changes nothing.
    public func followAccepted(of follower: Account, by actorURL: String) async throws {
        guard let followed = try await storage.remoteAccount(actorURL: actorURL),
            try await storage.approveFollowRequest(follower.id, followed.id, at: context.clock.now()) != nil
        else { return }
        context.events.publish(.relationsChanged(of: follower.id))
    }

    /// A follow of `account`, who approves their followers, from elsewhere, taken once (`activityID`): it waits as a
    /// request, and `account` is told.
    public func requestFollow(_ follower: RemoteFollower, by requester: Account, of account: Account, activityID: String) async throws {
        guard try await isFirstTime(activityID: activityID) else { return }
        if try await storage.requestFollow(requester.id, account.id, remote: follower, at: context.clock.now()) {
            context.events.publish(.notified(account.id))
        }
    }

    /// A Block of `account` by `blocker`, a person elsewhere: follows and journal grants between them end both ways,
    /// and each is hidden from the other here as after a block made here.
    public func blocked(_ account: Account, by blocker: Account) async throws {
        guard Policy.canRelate(blocker.id, to: account.id), !blocker.isLocal else { return }
        _ = try await storage.block(account.id, by: blocker.id, at: context.clock.now())
        context.events.publish(.relationsChanged(of: account.id))
    }

    /// The end of a Block of `account` by `blocker`, a person elsewhere.
    public func unblocked(_ account: Account, by blocker: Account) async throws {
        guard !blocker.isLocal else { return }
        if try await storage.unblock(account.id, by: blocker.id) { context.events.publish(.relationsChanged(of: account.id)) }
    }

    /// Whether `account` here blocks the person elsewhere at `actorURL` (then their follow is not taken), or is blocked
    /// by them.
    public func isBlocked(_ account: Account, actorURL: String) async throws -> Bool {
        guard let other = try await storage.remoteAccount(actorURL: actorURL) else { return false }
        return try await storage.relations(of: account.id, at: context.clock.now()).isBlocked(other.id)
    }

    /// An actor elsewhere deleted by its own server: it follows nobody here, and its account, notes and marks go.
    public func actorDeleted(_ actorURL: String, activityID: String) async throws {
        guard try await isFirstTime(activityID: activityID) else { return }
        _ = try await storage.forgetRemoteActor(actorURL)
        if let account = try await storage.remoteAccount(actorURL: actorURL) {
            _ = try await storage.deleteAccount(id: account.id)
        }
    }
}
