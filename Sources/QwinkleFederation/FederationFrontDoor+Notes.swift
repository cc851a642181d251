import Foundation
import Hummingbird
import QwinkleKit
import QwinkleServices
import QwinkleStorage

extension FederationFrontDoor {
    /// A Create of a note: read here, then kept (or set aside) by the services, which keep it only when someone here
    /// follows its author, or when it answers or names one of this server's people who may read it.
    func create(_ activity: ReceivedActivity) async throws -> Response {
        guard let object = activity.object, let note = Self.asNote(object), let objectID = note["id"] as? String else {
            return try await setAside(activity)
        }
        guard Self.isOwn(note, by: activity.actor, objectID: objectID) else {
            return Self.error(.unprocessableContent, "invalid_note", "A note is created by its own author, on its author's server.")
        }
        guard let incoming = try await incoming(note, objectID: objectID, author: activity.actor, mentioning: true) else {
            return try await directMessage(note, objectID: objectID, activity: activity)
        }
        if case .authorUnavailable = try await services.federation.receive(incoming, activityID: activity.id) { return Self.actorUnavailable }
        return Self.taken
    }

    /// A note addressed to named people alone, as Mastodon sends a direct message: a private message to those of
    /// them who are people of this server (the services judge whom it may reach). Nobody else ever sees it.
    private func directMessage(_ note: [String: Any], objectID: String, activity: ReceivedActivity) async throws -> Response {
        var recipients: [Account] = []
        for actor in Self.addressed(note) {
            if let name = origin.username(inActorURL: actor), let account = try await account(name), !recipients.contains(account) {
                recipients.append(account)
            }
        }
        let message = IncomingNote(
            objectID: objectID, authorURL: activity.actor, body: Self.content(of: note).text, visibility: .private,
            published: (note["published"] as? String).flatMap(RFC3339.date(from:))
        )
        if case .authorUnavailable = try await services.federation.receiveMessage(message, to: recipients, activityID: activity.id) {
            return Self.actorUnavailable
        }
        return Self.taken
    }

    /// A note's document as the services take it; `nil` for a note to named people alone, which is not kept.
    /// `mentioning` reads who here it names (a note fetched for a share tells nobody it names them).
    func incoming(_ note: [String: Any], objectID: String, author: String, mentioning: Bool) async throws -> IncomingNote? {
        guard let visibility = Self.visibility(of: note, author: author) else { return nil }
        let content = Self.content(of: note)
        return IncomingNote(
            objectID: objectID, authorURL: author, body: content.text, html: content.html, lines: ContentLine.lines(in: note),
            sensitive: note["sensitive"] as? Bool ?? false, visibility: visibility,
            published: (note["published"] as? String).flatMap(RFC3339.date(from:)),
            inReplyTo: ReceivedActivity.id(of: note["inReplyTo"]).map(reference(to:)),
            mentioned: mentioning ? try await localMentions(in: note) : []
        )
    }

    /// What an object's URL names: an entry of this server by its page's URL, or another server's object.
    func reference(to object: String) -> ObjectReference {
        origin.entryID(inObjectURL: object).map(ObjectReference.here) ?? .elsewhere(object)
    }

    /// An Update: of a note kept here, a new revision of its entry; of the actor itself, its account refreshed.
    func update(_ activity: ReceivedActivity) async throws -> Response {
        guard let object = activity.object, let objectID = object["id"] as? String else { return try await setAside(activity) }
        if objectID == activity.actor {
            guard try await isFirstTime(activity) else { return Self.taken }
            _ = try await remote.account(actorURL: activity.actor, refresh: true)
            return Self.taken
        }
        guard let object = Self.asNote(object), Self.isOwn(object, by: activity.actor, objectID: objectID) else {
            return try await setAside(activity)
        }
        let content = Self.content(of: object)
        try await services.federation.revise(
            objectID: objectID, by: activity.actor, body: content.text, html: content.html, lines: ContentLine.lines(in: object),
            sensitive: object["sensitive"] as? Bool ?? false, editedAt: (object["updated"] as? String).flatMap(RFC3339.date(from:)), activityID: activity.id
        )
        return Self.taken
    }

    /// A Delete of a note kept here: its entry goes, as its author's own deletion would take it.
    func deleteNote(_ activity: ReceivedActivity) async throws -> Response {
        guard let objectID = activity.objectID else { return try await setAside(activity) }
        try await services.federation.deleteNote(objectID: objectID, by: activity.actor, activityID: activity.id)
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
            let id = origin.entryID(inObjectURL: object), let account = try await services.federation.keptAccount(actorURL: activity.actor)
        else { return Self.taken }
        do {
            _ = try await services.entries.unmark(id: id.rawValue, by: account)
        } catch ServiceError.notFound {}
        return Self.taken
    }

    /// An Accept or a Reject of a Follow one of this server's people sent: a Reject ends the follow or its request;
    /// an Accept makes the follow a request waited for (of a follow that did not wait, it changes nothing).
    func answer(_ activity: ReceivedActivity) async throws -> Response {
        guard try await isFirstTime(activity) else { return Self.taken }
        guard let follow = activity.object, ReceivedActivity.id(of: follow["object"]) == activity.actor,
            let follower = ReceivedActivity.id(of: follow["actor"]).flatMap(origin.username(inActorURL:)),
            let account = try await account(follower)
        else { return Self.taken }
        if activity.type == "Reject" {
            try await services.federation.followRejected(of: account, by: activity.actor)
        } else {
            try await services.federation.followAccepted(of: account, by: activity.actor)
        }
        return Self.taken
    }

    /// A Delete of the actor itself: it follows nobody here, and its account, notes and marks go.
    func deleteActor(_ activity: ReceivedActivity) async throws -> Response {
        try await services.federation.actorDeleted(activity.actor, activityID: activity.id)
        return Self.taken
    }

    /// Taken, remembered so that a retry is not read again, and set aside: nothing here is for it.
    func setAside(_ activity: ReceivedActivity) async throws -> Response {
        _ = try await isFirstTime(activity)
        return Self.taken
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

    /// Who may read a note, by how it is addressed: everyone (`Public` in `to`), everyone but unlisted (`Public` in
    /// `cc` alone, as Mastodon addresses its unlisted posts), or the author's followers; `nil` for a note to named
    /// people alone, which is not kept.
    static func visibility(of note: [String: Any], author: String) -> Visibility? {
        let to = addressed(note, in: ["to"])
        let cc = addressed(note, in: ["cc"])
        let isEveryone = { (id: String) in ["https://www.w3.org/ns/activitystreams#Public", "as:Public", "Public"].contains(id) }
        if to.contains(where: isEveryone) { return .public }
        if cc.contains(where: isEveryone) { return .unlisted }
        if (to + cc).contains(where: { $0.hasSuffix("/followers") && $0.hasPrefix(author) }) {
            return .followers
        }
        return nil
    }

    /// The IDs a document is addressed to, in the fields named (`to` and `cc` unless told).
    static func addressed(_ document: [String: Any], in keys: [String] = ["to", "cc"]) -> [String] {
        keys.flatMap { key -> [String] in
            if let one = document[key] as? String { return [one] }
            return (document[key] as? [Any])?.compactMap { ReceivedActivity.id(of: $0) } ?? []
        }
    }

    /// A note's content as kept: its text (after its content warning, with a line for each attachment's link:
    /// another server's media is linked, not copied) and its HTML reduced to the allow-list, with a paragraph
    /// linking each attachment. The content is `content`, or for a note that gives only `contentMap`, the English
    /// one if there is one, else the first by language.
    static func content(of note: [String: Any]) -> RemoteHTML.Kept {
        var kept = RemoteHTML.kept(firstContent(of: note) ?? "")
        var lines: [String] = kept.text.isEmpty ? [] : [kept.text]
        let attachments = (note["attachment"] as? [[String: Any]]) ?? ((note["attachment"] as? [String: Any]).map { [$0] } ?? [])
        for attachment in attachments {
            guard let url = Self.address(of: attachment["url"]) ?? (attachment["href"] as? String), let address = RemoteHTML.webAddress(url) else {
                continue
            }
            let name = (attachment["name"] as? String).map { String($0.prefix(200)) } ?? ""
            lines.append(name.isEmpty ? address : "\(name): \(address)")
            kept.html += RemoteHTML.linkParagraph(to: address, shown: name.isEmpty ? address : name)
        }
        kept.text = lines.joined(separator: "\n\n")
        return kept
    }

    /// The answer when an actor could not be fetched: the sender tries again later.
    static var actorUnavailable: Response {
        error(.serviceUnavailable, "actor_unavailable", "The actor could not be fetched: try again later.")
    }
}
