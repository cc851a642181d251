import Foundation
import Hummingbird
import QwinkleKit
import QwinkleServices
import QwinkleStorage

extension FederationFrontDoor {
    /// An Announce: someone followed here shared a public note (theirs, another server's, or an entry of this one),
    /// which their followers here then find in their home timelines, shared by them. A note not kept here yet is
    /// fetched from its own server, so that what is shown is what its author wrote, not what the sharer says.
    func announce(_ activity: ReceivedActivity) async throws -> Response {
        guard let objectID = activity.objectID, Self.visibility(of: activity.document, author: activity.actor) != nil,
            let sharer = try await storage.remoteAccount(actorURL: activity.actor), try await storage.hasLocalFollowers(sharer.id)
        else { return try await setAside(activity) }
        let entry: Entry
        if let id = try await entryID(of: objectID) {
            guard let kept = try await storage.entry(id: id) else { return try await setAside(activity) }
            entry = kept
        } else {
            switch try await fetchedNote(at: objectID) {
            case .kept(let fetched): entry = fetched
            case .unwanted: return try await setAside(activity)
            case .unavailable: return Self.error(.serviceUnavailable, "object_unavailable", "The shared note could not be fetched: try again later.")
            }
        }
        // Only what anyone may read is passed on: a share never widens who reads an entry.
        guard entry.visibility == .public else { return try await setAside(activity) }
        guard try await isFirstTime(activity) else { return Self.taken }
        let sharedAt = (activity.document["published"] as? String).flatMap(RFC3339.date(from:)) ?? services.context.clock.now()
        do {
            _ = try await storage.addShare(NewShare(Share(sharer: sharer.id, entry: entry.id), activityID: activity.id, sharedAt: sharedAt))
        } catch StorageError.notFound {
            // Deleted since it was read: there is nothing left to share.
        }
        return Self.taken
    }

    /// An Undo of an Announce, given whole or by its ID: the share goes, if it was the actor's.
    func unshare(_ activity: ReceivedActivity) async throws -> Response {
        guard let announce = activity.objectID, let sharer = try await storage.remoteAccount(actorURL: activity.actor) else { return Self.taken }
        _ = try await storage.removeShare(activityID: announce, sharer: sharer.id)
        return Self.taken
    }

    /// What fetching a shared note came to.
    enum FetchedNote {
        /// Kept as an entry of its author's account.
        case kept(Entry)
        /// Not a public note its own author's server serves: nothing to share.
        case unwanted
        /// Its server did not answer, or its author's actor could not be fetched: the sender may try again.
        case unavailable
    }

    /// The public note at `objectID`, fetched (signed by the server's actor) from its own server and kept as an
    /// entry of its author, with a reply kept in its thread when the entry it answers is here.
    private func fetchedNote(at objectID: String) async throws -> FetchedNote {
        guard try await !storage.isBlocked(url: objectID) else { return .unwanted }
        let note: [String: Any]
        do {
            note = try await remote.fetcher.document(at: objectID, signedBy: try await serverActor.signer())
        } catch {
            return .unavailable
        }
        guard ReceivedActivity.type(of: note) == "Note", ReceivedActivity.id(of: note) == objectID,
            let authorURL = ReceivedActivity.id(of: note["attributedTo"]), Self.isOwn(note, by: authorURL, objectID: objectID),
            Self.visibility(of: note, author: authorURL) == .public
        else { return .unwanted }
        let parent = try await repliedEntry(of: note)
        if parent?.journalOwner != nil { return .unwanted }
        guard let author = try await remote.account(actorURL: authorURL) else { return .unavailable }
        return .kept(try await keep(note, objectID: objectID, author: author, visibility: .public, parent: parent))
    }
}
