import Foundation
import QwinkleAPITypes
import QwinkleKit
import QwinkleServices
import QwinkleStorage

/// The activities an entry write becomes for other servers, and to which inboxes each goes: only public and
/// followers-only entries are ever written as activities, and only to the inboxes of the author's followers there.
struct OutgoingActivities: Sendable {
    let origin: FederationOrigin
    let federation: FederationService

    /// The deliveries a write of an entry makes; none for a write nobody elsewhere may read, or whose author is
    /// gone. Each activity's ID is made from the write's own time, so a write taken twice (its worker stopped before
    /// it was done) sends the same activities, which receivers take once.
    func deliveries(for write: OutgoingWrite) async throws -> [NewDelivery] {
        let entry = write.entry
        // What people of other servers wrote is theirs to send: it is kept here, and never sent on.
        guard let author = try await federation.account(id: entry.author), author.isLocal else { return [] }
        switch write.kind {
        case .created:
            return try await deliveries(of: entry, by: author) { note in activity("Create", id: note.id + "/activity", note, by: author, at: entry.createdAt) }
        case .updated:
            let wasShared = write.visibilityBefore?.leavesServer ?? false
            if entry.content.visibility.leavesServer {
                // Brought back from the trash, or widened from a journal: new to the followers elsewhere.
                let type = wasShared ? "Update" : "Create"
                let id = origin.entryURL(entry.id) + "#\(type.lowercased())-\(entry.revision)-\(Self.stamp(write.writtenAt))"
                return try await deliveries(of: entry, by: author) { note in activity(type, id: id, note, by: author, at: write.writtenAt) }
            }
            // Narrowed to the author or their journal: those who had it are told it is gone.
            guard wasShared, let visibility = write.visibilityBefore else { return [] }
            var before = entry
            before.content.visibility = visibility
            return try await deletion(of: before, by: author, at: write.writtenAt)
        case .deleted:
            guard entry.content.visibility.leavesServer else { return [] }
            return try await deletion(of: entry, by: author, at: write.writtenAt)
        }
    }

    /// An Accept of `follow` by `account`, for the follower's own inbox.
    static func accept(_ follow: ActivityPubReferring, by account: Account, inbox: String, origin: FederationOrigin) throws -> NewDelivery {
        try answer("Accept", follow, by: account, inbox: inbox, origin: origin)
    }

    /// The Reject of a Follow of the account (a request it refused), for the follower's inbox.
    static func reject(_ follow: ActivityPubReferring, by account: Account, inbox: String, origin: FederationOrigin) throws -> NewDelivery {
        try answer("Reject", follow, by: account, inbox: inbox, origin: origin)
    }

    /// An Accept or a Reject of a Follow of the account.
    private static func answer(_ type: String, _ follow: ActivityPubReferring, by account: Account, inbox: String, origin: FederationOrigin) throws -> NewDelivery {
        let actor = origin.actorURL(account.username)
        let answer = ActivityPubActivity(
            id: actor + "#\(type.lowercased())s/\(UUID().uuidString.lowercased())", type: type, actor: actor, published: nil, to: [follow.actor], cc: [],
            object: follow
        )
        return NewDelivery(inbox: inbox, signer: account.id, activity: try Self.text(answer))
    }

    /// The entry as a note in an activity made by `wrap`, one delivery per inbox of the author's remote followers.
    private func deliveries(
        of entry: Entry, by author: Account, _ wrap: (ActivityPubNote) -> ActivityPubActivity<ActivityPubNote>
    ) async throws -> [NewDelivery] {
        let mentioned = try await NoteDocument.mentionedActors(of: entry, in: federation)
        let (inboxes, parent) = try await audience(of: entry, by: author, mentioned: mentioned)
        guard !inboxes.isEmpty else { return [] }
        let photos = try await NoteDocument.photos(of: entry, in: federation)
        guard let note = NoteDocument(origin: origin).note(entry, author: author, inReplyTo: parent, mentioned: mentioned, photos: photos)
        else { return [] }
        let text = try Self.text(wrap(note))
        return inboxes.map { NewDelivery(inbox: $0, signer: author.id, activity: text) }
    }

    /// A Delete of the entry's note for everyone it was sent to.
    private func deletion(of entry: Entry, by author: Account, at date: Date) async throws -> [NewDelivery] {
        let mentioned = try await NoteDocument.mentionedActors(of: entry, in: federation)
        let inboxes = try await audience(of: entry, by: author, mentioned: mentioned).inboxes
        guard !inboxes.isEmpty else { return [] }
        let actor = origin.actorURL(author.username)
        let url = origin.entryURL(entry.id)
        let delete = ActivityPubActivity(
            id: url + "#delete-\(Self.stamp(date))", type: "Delete", actor: actor, published: RFC3339.string(from: date),
            to: [NoteDocument.everyone], cc: [actor + "/followers"], object: ActivityPubTombstone(id: url)
        )
        let text = try Self.text(delete)
        return inboxes.map { NewDelivery(inbox: $0, signer: author.id, activity: text) }
    }

    /// A note's activity, addressed as the note is.
    private func activity(_ type: String, id: String, _ note: ActivityPubNote, by author: Account, at date: Date) -> ActivityPubActivity<ActivityPubNote> {
        var note = note
        note.context = nil
        return ActivityPubActivity(
            id: id, type: type, actor: origin.actorURL(author.username), published: RFC3339.string(from: date), to: note.to, cc: note.cc, object: note
        )
    }

    /// The inboxes an entry goes to, and the object it answers, if that one may be named to the same readers: the
    /// author's followers' servers, and for a public or unlisted entry the servers of those it mentions elsewhere
    /// and, for such a reply to a note of another server, that server too, which shows it in the note's thread (a
    /// followers-only entry goes to followers alone).
    private func audience(
        of entry: Entry, by author: Account, mentioned: [Account.ID: RemoteActor]
    ) async throws -> (inboxes: [String], parent: String?) {
        var inboxes = try await inboxes(of: author)
        // A public or unlisted entry also goes to the servers of the people elsewhere it mentions, who are told of it there.
        if entry.content.visibility.isOpen {
            for actor in mentioned.values where !inboxes.contains(actor.deliveryInbox) {
                inboxes.append(actor.deliveryInbox)
            }
        }
        guard let parent = try await NoteDocument(origin: origin).parent(of: entry, in: federation) else { return (inboxes, nil) }
        if entry.content.visibility.isOpen, let actor = try await federation.actor(of: parent.entry.author), !inboxes.contains(actor.deliveryInbox) {
            inboxes.append(actor.deliveryInbox)
        }
        return (inboxes, parent.url)
    }

    /// Each server's inbox once: the shared inbox where a server has one, else each follower's own.
    private func inboxes(of author: Account) async throws -> [String] {
        var seen = Set<String>()
        return try await federation.remoteFollowers(of: author.id).map(\.deliveryInbox).filter { seen.insert($0).inserted }
    }

    /// Milliseconds since 1970, to tell apart activities about one object.
    static func stamp(_ date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 * 1000).rounded())
    }

    /// A document as the JSON text sent.
    static func text(_ value: some Encodable) throws -> String {
        String(decoding: try FederationFrontDoor.encoded(value), as: UTF8.self)
    }
}
