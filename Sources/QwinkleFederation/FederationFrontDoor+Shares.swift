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
            let sharer = try await services.federation.sharer(actorURL: activity.actor)
        else { return try await setAside(activity) }
        let sharedAt = (activity.document["published"] as? String).flatMap(RFC3339.date(from:))
        let object = reference(to: objectID)
        if case .notKept = try await services.federation.share(object, by: sharer, at: sharedAt, activityID: activity.id) {
            switch try await fetchedNote(at: objectID) {
            case .kept:
                _ = try await services.federation.share(object, by: sharer, at: sharedAt, activityID: activity.id)
            case .unwanted:
                return try await setAside(activity)
            case .unavailable:
                return Self.error(.serviceUnavailable, "object_unavailable", "The shared note could not be fetched: try again later.")
            }
        }
        return Self.taken
    }

    /// An Undo of an Announce, given whole or by its ID: the share goes, if it was the actor's.
    func unshare(_ activity: ReceivedActivity) async throws -> Response {
        guard let announce = activity.objectID else { return Self.taken }
        try await services.federation.unshare(activityID: announce, by: activity.actor)
        return Self.taken
    }

    /// What fetching a shared note came to.
    enum FetchedNote {
        /// Kept as an entry of its author's account.
        case kept
        /// Not a public note its own author's server serves: nothing to share.
        case unwanted
        /// Its server did not answer, or its author's actor could not be fetched: the sender may try again.
        case unavailable
    }

    /// The most notes a reply's thread is fetched up by: a reply's parent, its parent's, and so on.
    static let maxParentsFetched = 3

    /// The note a reply answers, fetched and kept (a public one, from its own server) when it is not kept here yet,
    /// with as many of its own parents as `maxParentsFetched` allows, so that the reply is kept in its thread. One
    /// that cannot be fetched leaves the reply where it is: at the top of a thread of its own.
    func fetchParent(_ objectID: String) async throws {
        var chain: [IncomingNote] = []
        var next: String? = objectID
        while let parent = next, chain.count < Self.maxParentsFetched, try await !services.federation.isKept(objectID: parent) {
            guard case .note(let note) = try await fetch(parent) else { break }
            chain.append(note)
            if case .elsewhere(let grandparent) = note.inReplyTo { next = grandparent } else { next = nil }
        }
        // Kept oldest first, so that each finds the one it answers already here.
        for note in chain.reversed() { _ = try await services.federation.receive(note, activityID: nil, shared: true) }
    }

    /// What fetching a note of another server came to.
    private enum Fetched {
        /// A public note its own author's server serves, read as the services take it.
        case note(IncomingNote)
        /// Anything else.
        case unwanted
        /// Its server did not answer.
        case unavailable
    }

    /// The document at `objectID`, fetched (signed by the server's actor) from its own server; `nil` from a blocked
    /// server or one that does not answer.
    func fetchedDocument(at objectID: String) async throws -> [String: Any]? {
        guard try await !services.federation.isBlocked(url: objectID) else { return nil }
        return await signedFetch(objectID)
    }

    /// The document at `objectID`, fetched signed by the server's actor; `nil` if its server does not answer.
    private func signedFetch(_ objectID: String) async -> [String: Any]? {
        try? await remote.fetcher.document(at: objectID, signedBy: try await serverActor.signer())
    }

    /// The public note at `objectID`, fetched (signed by the server's actor) from its own server.
    private func fetch(_ objectID: String) async throws -> Fetched {
        guard try await !services.federation.isBlocked(url: objectID) else { return .unwanted }
        guard let fetched = await signedFetch(objectID) else { return .unavailable }
        guard let note = Self.asNote(fetched), ReceivedActivity.id(of: note) == objectID,
            let authorURL = ReceivedActivity.id(of: note["attributedTo"]), Self.isOwn(note, by: authorURL, objectID: objectID),
            let incoming = try await incoming(note, objectID: objectID, author: authorURL, mentioning: false), incoming.visibility.isOpen
        else { return .unwanted }
        return .note(incoming)
    }

    /// The public note at `objectID`, fetched from its own server and kept as an entry of its author, with a reply
    /// kept in its thread when the entry it answers is here.
    private func fetchedNote(at objectID: String) async throws -> FetchedNote {
        let incoming: IncomingNote
        switch try await fetch(objectID) {
        case .note(let note): incoming = note
        case .unwanted: return .unwanted
        case .unavailable: return .unavailable
        }
        switch try await services.federation.receive(incoming, activityID: nil, shared: true) {
        case .kept, .repeated: return .kept
        // A shared note is judged by its visibility first: no message comes this way.
        case .unwanted, .messaged: return .unwanted
        case .authorUnavailable: return .unavailable
        }
    }
}
