import Foundation
import Hummingbird
import QwinkleKit
import QwinkleServices
import QwinkleStorage

extension FederationFrontDoor {
    /// A Create of a note: kept as an entry of its author's account when someone here follows the author, or when
    /// it answers an entry of this server or names one of its people in public. Anything else is set aside.
    func create(_ activity: ReceivedActivity) async throws -> Response {
        guard let note = activity.object, ReceivedActivity.type(of: note) == "Note", let objectID = note["id"] as? String else {
            return try await setAside(activity)
        }
        guard Self.isOwn(note, by: activity.actor, objectID: objectID) else {
            return Self.error(.unprocessableContent, "invalid_note", "A note is created by its own author, on its author's server.")
        }
        guard let visibility = Self.visibility(of: note, author: activity.actor) else { return try await setAside(activity) }
        let parent = try await repliedEntry(of: note)
        // A thread that began in a journal stays among the journal's readers: nobody elsewhere answers in it.
        if parent?.journalOwner != nil { return try await setAside(activity) }
        let mentioned = try await localMentions(in: note)
        var notify: [Account.ID: AccountNotification.Kind] = [:]
        if visibility == .public { for account in mentioned { notify[account.id] = .mentioned } }
        if let parent, try await isLocal(parent.author) { notify[parent.author] = .replied }
        // Wanted only by someone here: its author's followers, or those it answers or names. An actor nobody here
        // follows is fetched and kept only for a note that is for someone here.
        var author = try await storage.remoteAccount(actorURL: activity.actor)
        var followed = false
        if let author { followed = try await storage.hasLocalFollowers(author.id) }
        guard followed || !notify.isEmpty else { return try await setAside(activity) }
        if author == nil { author = try await remote.account(actorURL: activity.actor) }
        guard let author else { return Self.actorUnavailable }
        guard try await isFirstTime(activity) else { return Self.taken }
        _ = try await keep(
            note, objectID: objectID, author: author, visibility: visibility, parent: parent,
            mentions: visibility == .public ? mentioned.map { Mention(account: $0.id, username: $0.username) } : [], notify: notify
        )
        return Self.taken
    }

    /// Keeps a note as an entry of its author's (once per object ID: one kept before is answered as it is), telling
    /// the streams of a new entry and of its notifications.
    func keep(
        _ note: [String: Any], objectID: String, author: Account, visibility: Visibility, parent: Entry?, mentions: [Mention] = [],
        notify: [Account.ID: AccountNotification.Kind] = [:]
    ) async throws -> Entry {
        let new = NewEntry(
            author: author.id, content: EntryContent(kind: .update, body: Self.text(of: note), visibility: visibility),
            createdAt: (note["published"] as? String).flatMap(RFC3339.date(from:)) ?? services.context.clock.now(),
            reply: parent.map(EntryReply.init(answering:)), mentions: mentions, notify: notify
        )
        let creation = try await storage.createRemoteEntry(objectID: objectID, new)
        if case .created(let entry) = creation {
            services.context.events.publish(.created(entry, author: author))
            for recipient in notify.keys { services.context.events.publish(.notified(recipient)) }
        }
        return creation.entry
    }

    /// The entry here that a note answers, if it answers one kept here.
    func repliedEntry(of note: [String: Any]) async throws -> Entry? {
        guard let replied = ReceivedActivity.id(of: note["inReplyTo"]), let id = try await entryID(of: replied) else { return nil }
        return try await storage.entry(id: id)
    }

    /// An Update: of a note kept here, a new revision of its entry; of the actor itself, its account refreshed.
    func update(_ activity: ReceivedActivity) async throws -> Response {
        guard let object = activity.object, let objectID = object["id"] as? String else { return try await setAside(activity) }
        if objectID == activity.actor {
            guard try await isFirstTime(activity) else { return Self.taken }
            _ = try await remote.account(actorURL: activity.actor, refresh: true)
            return Self.taken
        }
        guard ReceivedActivity.type(of: object) == "Note", let id = try await storage.entryID(objectID: objectID),
            let before = try await storage.entry(id: id), let author = try await storage.remoteAccount(actorURL: activity.actor),
            before.author == author.id, Self.isOwn(object, by: activity.actor, objectID: objectID)
        else { return try await setAside(activity) }
        guard try await isFirstTime(activity) else { return Self.taken }
        var after = before
        after.content.body = Self.text(of: object)
        guard after.content.body != before.content.body else { return Self.taken }
        after.revision += 1
        after.editedAt = (object["updated"] as? String).flatMap(RFC3339.date(from:)) ?? services.context.clock.now()
        if try await storage.updateEntry(after, expectedRevision: before.revision) {
            services.context.events.publish(.updated(before: before, after: after, author: author))
        }
        return Self.taken
    }

    /// A Delete of a note kept here: its entry goes, as its author's own deletion would take it.
    func deleteNote(_ activity: ReceivedActivity) async throws -> Response {
        guard let objectID = activity.objectID, let id = try await storage.entryID(objectID: objectID), let entry = try await storage.entry(id: id),
            let author = try await storage.remoteAccount(actorURL: activity.actor), entry.author == author.id
        else { return try await setAside(activity) }
        guard try await isFirstTime(activity) else { return Self.taken }
        if try await storage.deleteEntry(id: id, at: services.context.clock.now()) {
            services.context.events.publish(.deleted(entry))
        }
        return Self.taken
    }

    /// A Like of an entry of this server: a mark by the actor's account, through the same service and policy as any
    /// mark (an entry the actor may not read is not marked).
    func like(_ activity: ReceivedActivity) async throws -> Response {
        guard let object = activity.objectID, let id = origin.entryID(inObjectURL: object) else { return try await setAside(activity) }
        guard let account = try await remote.account(actorURL: activity.actor) else { return Self.actorUnavailable }
        guard try await isFirstTime(activity) else { return Self.taken }
        do {
            _ = try await services.entries.mark(id: id.rawValue, by: account)
        } catch ServiceError.notFound {
            // Gone, or never the actor's to read: nothing to mark.
        }
        return Self.taken
    }

    /// An Undo of a Like: the mark comes off.
    func unlike(_ activity: ReceivedActivity, like: [String: Any]) async throws -> Response {
        guard ReceivedActivity.id(of: like["actor"]) == activity.actor, let object = ReceivedActivity.id(of: like["object"]),
            let id = origin.entryID(inObjectURL: object), let account = try await storage.remoteAccount(actorURL: activity.actor)
        else { return Self.taken }
        do {
            _ = try await services.entries.unmark(id: id.rawValue, by: account)
        } catch ServiceError.notFound {}
        return Self.taken
    }

    /// An Accept or a Reject of a Follow one of this server's people sent: a Reject ends the follow (an Accept
    /// changes nothing, since the follow was kept when it was sent).
    func answer(_ activity: ReceivedActivity) async throws -> Response {
        guard try await isFirstTime(activity) else { return Self.taken }
        guard activity.type == "Reject", let follow = activity.object, ReceivedActivity.id(of: follow["object"]) == activity.actor,
            let follower = ReceivedActivity.id(of: follow["actor"]).flatMap(origin.username(inActorURL:)),
            let account = try await account(follower), let followed = try await storage.remoteAccount(actorURL: activity.actor)
        else { return Self.taken }
        try await storage.unfollow(account.id, followed.id)
        services.context.events.publish(.relationsChanged(of: account.id))
        return Self.taken
    }

    /// A Delete of the actor itself: it follows nobody here, and its account, notes and marks go.
    func deleteActor(_ activity: ReceivedActivity) async throws -> Response {
        guard try await isFirstTime(activity) else { return Self.taken }
        _ = try await storage.forgetRemoteActor(activity.actor)
        if let account = try await storage.remoteAccount(actorURL: activity.actor) {
            _ = try await storage.deleteAccount(id: account.id)
        }
        return Self.taken
    }

    /// Taken, remembered so that a retry is not read again, and set aside: nothing here is for it.
    func setAside(_ activity: ReceivedActivity) async throws -> Response {
        _ = try await isFirstTime(activity)
        return Self.taken
    }

    /// The entry an object is: one of this server's by its URL, or one kept from another server by its ID.
    func entryID(of object: String) async throws -> Entry.ID? {
        if let local = origin.entryID(inObjectURL: object) { return local }
        return try await storage.entryID(objectID: object)
    }

    /// Whether the account is one of this server's people.
    private func isLocal(_ id: Account.ID) async throws -> Bool {
        try await storage.account(id: id)?.isLocal ?? false
    }

    /// This server's people a note's `Mention` tags name.
    private func localMentions(in note: [String: Any]) async throws -> [Account] {
        let tags = (note["tag"] as? [[String: Any]]) ?? ((note["tag"] as? [String: Any]).map { [$0] } ?? [])
        var accounts: [Account] = []
        for tag in tags where ReceivedActivity.type(of: tag) == "Mention" {
            if let href = tag["href"] as? String, let name = origin.username(inActorURL: href), let account = try await account(name),
                !accounts.contains(account)
            {
                accounts.append(account)
            }
        }
        return accounts
    }

    /// Whether a note is its actor's to create or change: attributed to the actor, and an object of the actor's own
    /// server, so that no server speaks for another's notes.
    static func isOwn(_ note: [String: Any], by actor: String, objectID: String) -> Bool {
        ReceivedActivity.id(of: note["attributedTo"]) == actor && RemoteHost.authority(of: objectID) == RemoteHost.authority(of: actor)
    }

    /// Who may read a note, by how it is addressed: everyone (`Public` in `to` or `cc`), or the author's followers;
    /// `nil` for a note to named people alone, which is not kept.
    static func visibility(of note: [String: Any], author: String) -> Visibility? {
        let audience = ["to", "cc"].flatMap { key -> [String] in
            if let one = note[key] as? String { return [one] }
            return (note[key] as? [Any])?.compactMap { ReceivedActivity.id(of: $0) } ?? []
        }
        if audience.contains(where: { ["https://www.w3.org/ns/activitystreams#Public", "as:Public", "Public"].contains($0) }) { return .public }
        if audience.contains(where: { $0.hasSuffix("/followers") && $0.hasPrefix(author) }) {
            return .followers
        }
        return nil
    }

    /// A note's text as kept: its content as plain text, after its content warning, with a link to each attachment
    /// (another server's media is linked, not copied).
    static func text(of note: [String: Any]) -> String {
        var parts: [String] = []
        if let summary = note["summary"] as? String, !summary.isEmpty { parts.append(RemoteHTML.text(summary)) }
        parts.append(RemoteHTML.text((note["content"] as? String) ?? ""))
        let attachments = (note["attachment"] as? [[String: Any]]) ?? ((note["attachment"] as? [String: Any]).map { [$0] } ?? [])
        for attachment in attachments {
            guard let url = ReceivedActivity.id(of: attachment["url"]) ?? (attachment["href"] as? String), url.lowercased().hasPrefix("http") else { continue }
            let name = (attachment["name"] as? String).map { String($0.prefix(200)) } ?? ""
            parts.append(name.isEmpty ? url : "\(name): \(url)")
        }
        return parts.filter { !$0.isEmpty }.joined(separator: "\n\n")
    }

    /// The answer when an actor could not be fetched: the sender tries again later.
    static var actorUnavailable: Response {
        error(.serviceUnavailable, "actor_unavailable", "The actor could not be fetched: try again later.")
    }
}
