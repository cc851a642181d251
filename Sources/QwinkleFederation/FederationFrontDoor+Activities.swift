import Foundation
import Hummingbird
import QwinkleKit
import QwinkleServices
import QwinkleStorage

extension FederationFrontDoor {
    /// Does what a checked activity asks, once: an activity already taken (its sender tried again after a lost
    /// answer) is answered as taken and does nothing more.
    func take(_ activity: ReceivedActivity, inboxOwner: Account?) async throws -> Response {
        // This server's own people act on it directly, never through an inbox: what arrives in their name is taken
        // and does nothing.
        if activity.actor.lowercased().hasPrefix(origin.base + "/") { return Self.taken }
        // Someone this server's moderators suspended is heard no more, as a suspended server is not.
        if try await services.federation.keptAccount(actorURL: activity.actor)?.standing == .suspended {
            return Self.error(.forbidden, "suspended", "This server's moderators suspended the actor.")
        }
        switch activity.type {
        case "Follow": return try await follow(activity, inboxOwner: inboxOwner)
        case "Undo": return try await undo(activity, inboxOwner: inboxOwner)
        case "Accept", "Reject": return try await answer(activity)
        case "Create": return try await create(activity)
        case "Update": return try await update(activity)
        case "Delete" where activity.objectID == activity.actor: return try await deleteActor(activity)
        case "Delete": return try await deleteNote(activity)
        case "Like": return try await like(activity)
        case "Announce": return try await announce(activity)
        case "Block": return try await block(activity)
        case "Flag": return try await flag(activity)
        default:
            // Kept as taken so a retry is not read again.
            return try await setAside(activity)
        }
    }

    /// A Follow of one of this server's people: the actor is kept as a follower and sent an Accept, or, for an account
    /// that approves its followers, kept as a request until the account answers it.
    private func follow(_ activity: ReceivedActivity, inboxOwner: Account?) async throws -> Response {
        guard let target = activity.objectID, let username = origin.username(inActorURL: target), let account = try await account(username) else {
            return Self.error(.notFound, "not_found", "The Follow's object is not an account of this server.")
        }
        if let inboxOwner, inboxOwner.id != account.id {
            return Self.error(.unprocessableContent, "wrong_inbox", "The Follow's object is not this inbox's account.")
        }
        // Where to send the Accept and, later, the account's entries: the follower's actor says.
        let actor: [String: Any]
        do {
            actor = try await remote.fetcher.document(at: activity.actor, signedBy: try await remote.serverActor.signer())
        } catch {
            return Self.error(.serviceUnavailable, "actor_unavailable", "The follower's actor could not be fetched: try again later.")
        }
        guard let inbox = actor["inbox"] as? String, ReceivedActivity.id(of: actor) == activity.actor else {
            return Self.error(.unprocessableContent, "invalid_actor", "The follower's actor has no inbox.")
        }
        let shared = (actor["endpoints"] as? [String: Any])?["sharedInbox"] as? String
        let follower = RemoteFollower(actorURL: activity.actor, inbox: inbox, sharedInbox: shared, followActivity: activity.id)
        let follow = ActivityPubReferring(id: activity.id, actor: activity.actor, object: origin.actorURL(account.username))
        // Someone blocked, or who blocks the account, follows nobody: the Follow is answered with a Reject, as Mastodon
        // answers it.
        if try await services.federation.isBlocked(account, actorURL: activity.actor) {
            let reject = try OutgoingActivities.reject(follow, by: account, inbox: inbox, origin: origin)
            try await services.federation.refuseFollow(reject, activityID: activity.id)
            return Self.taken
        }
        // Someone who approves their followers is asked: the follow waits, and the answer is sent when they give it.
        if account.locked {
            guard let requester = try await remote.account(actorURL: activity.actor) else { return Self.actorUnavailable }
            try await services.federation.requestFollow(follower, by: requester, of: account, activityID: activity.id)
            return Self.taken
        }
        let accept = try OutgoingActivities.accept(follow, by: account, inbox: inbox, origin: origin)
        try await services.federation.addFollower(follower, of: account, accept: accept, activityID: activity.id)
        return Self.taken
    }

    /// An Undo: of a Follow, the actor stops following; of a Like, the mark comes off; of an Announce, the share goes.
    private func undo(_ activity: ReceivedActivity, inboxOwner: Account?) async throws -> Response {
        guard try await isFirstTime(activity) else { return Self.taken }
        if let like = activity.object, ReceivedActivity.type(of: like) == "Like" {
            return try await unlike(activity, like: like)
        }
        if let block = activity.object, ReceivedActivity.type(of: block) == "Block" {
            // Only the blocker may undo its block.
            guard ReceivedActivity.id(of: block["actor"]) == activity.actor, let target = ReceivedActivity.id(of: block["object"]),
                let username = origin.username(inActorURL: target), let account = try await account(username),
                let blocker = try await services.federation.keptAccount(actorURL: activity.actor)
            else { return Self.taken }
            try await services.federation.unblocked(account, by: blocker)
            return Self.taken
        }
        if activity.object.map(ReceivedActivity.type(of:)) == "Announce" || activity.object == nil {
            // A share's Undo (given whole, or by the Announce's ID alone, which names no share of anyone else's).
            _ = try await unshare(activity)
        }
        if let follow = activity.object, ReceivedActivity.type(of: follow) == "Follow" {
            // Only the follower may undo its follow: the object's actor must be the one who signed.
            guard ReceivedActivity.id(of: follow["actor"]) == activity.actor, let target = ReceivedActivity.id(of: follow["object"]),
                let username = origin.username(inActorURL: target), let account = try await account(username)
            else { return Self.taken }
            try await services.federation.removeFollower(actorURL: activity.actor, of: account.id)
        } else if let inboxOwner, let followID = activity.objectID {
            // Given by its ID alone: the Follow this actor sent this inbox's account.
            try await services.federation.removeFollower(actorURL: activity.actor, of: inboxOwner.id, followActivity: followID)
        }
        return Self.taken
    }

    /// A Block of one of this server's people by the actor: follows between them end both ways, and each is hidden
    /// from the other here.
    private func block(_ activity: ReceivedActivity) async throws -> Response {
        guard let target = activity.objectID, let username = origin.username(inActorURL: target), let account = try await account(username) else {
            return try await setAside(activity)
        }
        guard let blocker = try await remote.account(actorURL: activity.actor) else { return Self.actorUnavailable }
        guard try await isFirstTime(activity) else { return Self.taken }
        try await services.federation.blocked(account, by: blocker)
        return Self.taken
    }

    /// A Flag: another server reports one of this server's people (the first of its objects that is one) and some of
    /// their entries, with a comment; it waits in the moderators' queue, from that server. A Flag naming nobody of
    /// this server is set aside.
    private func flag(_ activity: ReceivedActivity) async throws -> Response {
        let objects = ReceivedActivity.ids(of: activity.document["object"])
        guard let username = objects.lazy.compactMap(origin.username(inActorURL:)).first, let account = try await account(username) else {
            return try await setAside(activity)
        }
        guard try await isFirstTime(activity) else { return Self.taken }
        let comment = activity.document["content"] as? String ?? ""
        try await services.moderation.flagged(
            from: RemoteHost.of(activity.actor), account: account.id, entryIDs: objects.compactMap(origin.entryID(inObjectURL:)), comment: comment
        )
        return Self.taken
    }

    /// Records the activity as taken; `false` when it was taken before (its sender tried again), so it acts once.
    func isFirstTime(_ activity: ReceivedActivity) async throws -> Bool {
        try await services.federation.isFirstTime(activityID: activity.id)
    }

    /// The answer to an activity taken.
    static var taken: Response { Response(status: .accepted) }
}
