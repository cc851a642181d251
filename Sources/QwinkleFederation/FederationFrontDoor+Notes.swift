import Foundation
import Hummingbird
import QwinkleKit
import QwinkleServices
import QwinkleStorage

extension FederationFrontDoor {
    /// A Create of a note: read here, then kept (or set aside) by the services, which keep it only when someone here
    /// follows its author, or when it answers or names one of this server's people who may read it.
    /// A note given by its ID alone is fetched from there: only what its own server serves is read.
    func create(_ activity: ReceivedActivity) async throws -> Response {
        var given = activity.object
        if given == nil, let objectID = activity.objectID { given = try await fetchedDocument(at: objectID) }
        guard let object = given, let note = Self.asNote(object), let objectID = note["id"] as? String else {
            return try await setAside(activity)
        }
        guard Self.isOwn(note, by: activity.actor, objectID: objectID) else {
            return Self.error(.unprocessableContent, "invalid_note", "A note is created by its own author, on its author's server.")
        }
        guard let incoming = try await incoming(note, objectID: objectID, author: activity.actor, mentioning: true) else {
            return try await directMessage(note, objectID: objectID, activity: activity)
        }
        if case .elsewhere(let parent) = incoming.inReplyTo, try await isForSomeoneHere(incoming) {
            try await fetchParent(parent)
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
            objectID: objectID, authorURL: activity.actor, body: Self.contentWithLinks(of: note).text, visibility: .private,
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
            objectID: objectID, authorURL: author, body: content.text, html: content.html, language: Self.language(of: note),
            lines: ContentLine.lines(in: note),
            sensitive: note["sensitive"] as? Bool ?? false, visibility: visibility,
            published: (note["published"] as? String).flatMap(RFC3339.date(from:)),
            inReplyTo: Self.parentID(of: note).map(reference(to:)),
            mentioned: mentioning ? try await mentionedAccounts(in: note) : [], attachments: Self.attachments(of: note)
        )
    }

    /// The ID of the object a note answers: `inReplyTo` given by ID, as an object or a `Link`, or the first of a list.
    static func parentID(of note: [String: Any]) -> String? {
        var parent = note["inReplyTo"]
        if let list = parent as? [Any] { parent = list.first }
        if let object = parent as? [String: Any] { parent = object["id"] ?? object["href"] }
        return parent as? String
    }

    /// Whether a note will be kept for someone here: its author is followed here, or it names one of this server's
    /// people. Only then is what it answers fetched.
    private func isForSomeoneHere(_ note: IncomingNote) async throws -> Bool {
        if note.mentioned.contains(where: \.isLocal) { return true }
        guard let author = try await services.federation.keptAccount(actorURL: note.authorURL) else { return false }
        return try await services.federation.isFollowedHere(author.id)
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
            objectID: objectID, by: activity.actor, body: content.text, html: content.html, language: Self.language(of: object),
            lines: ContentLine.lines(in: object),
            sensitive: object["sensitive"] as? Bool ?? false, attachments: Self.attachments(of: object),
            editedAt: (object["updated"] as? String).flatMap(RFC3339.date(from:)), activityID: activity.id
        )
        return Self.taken
    }

    /// A Delete of a note kept here: its entry goes, as its author's own deletion would take it.
    func deleteNote(_ activity: ReceivedActivity) async throws -> Response {
        guard let objectID = activity.objectID else { return try await setAside(activity) }
        try await services.federation.deleteNote(objectID: objectID, by: activity.actor, activityID: activity.id, photos: remote.photos)
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

    /// The accounts a note's `Mention` tags name, each once, as many as an entry may name: this server's people, and
    /// people elsewhere (kept here, or fetched now), as Mastodon lists a status's mentions. One whose actor cannot be
    /// fetched is left out.
    private func mentionedAccounts(in note: [String: Any]) async throws -> [Account] {
        var accounts: [Account] = []
        for tag in Self.objects(note["tag"]) where ["Mention", "as:Mention"].contains(ReceivedActivity.type(of: tag)) {
            guard accounts.count < EntryService.maxMentions, let href = tag["href"] as? String else { continue }
            let account: Account?
            if let name = origin.username(inActorURL: href) {
                account = try await self.account(name)
            } else {
                account = WebAddress.isWeb(href) ? try await remote.account(actorURL: href) : nil
            }
            if let account, !accounts.contains(account) { accounts.append(account) }
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

    /// A note's content as kept, before its media (`attachments(of:)`): its text (after its content warning) and its
    /// HTML reduced to the allow-list, then the note it quotes as a link (unless the text links it already), the
    /// hashtags its `tag` names that its text does not show, and the links it attaches. The content is `content`, or
    /// for a note that gives only `contentMap`, the English one if there is one, else the first by language.
    static func content(of note: [String: Any]) -> RemoteHTML.Kept {
        var kept = RemoteHTML.kept(firstContent(of: note) ?? "")
        if let quoted = quotedAddress(of: note), !kept.html.contains("href=\"\(RemoteHTML.escaped(quoted, quote: true))\"") {
            // A quote is shown as Mastodon writes one for servers that cannot show it: "RE:" and a link to the note.
            kept.append(text: "RE: \(quoted)", html: "<p>RE: " + EntryHTML.link(to: quoted) + "</p>")
        }
        if let bar = hashtagBar(of: note, after: kept.text) { kept.append(text: bar.text, html: bar.html) }
        // A link attached (a `Link`, or an attachment with an `href` alone) is no media: it follows the text.
        for link in objects(note["attachment"]).filter(isLink).compactMap(attachment) {
            kept.append(text: link.linkText, html: EntryHTML.linkedMedia([link.media]))
        }
        return kept
    }

    /// A note's attachments with a web address (`url` as an address, a `Link` or a list; or `href`), each with its
    /// description (`summary`, else `name`, as Mastodon reads it) and what it is, by its type or its media type.
    static func attachments(of note: [String: Any]) -> [RemoteAttachment] {
        objects(note["attachment"]).filter { !isLink($0) }.compactMap(attachment)
    }

    /// Whether an attachment is a link rather than media: a `Link`, or one with no `url` (an `href` alone).
    private static func isLink(_ attachment: [String: Any]) -> Bool {
        attachment["url"] == nil || ReceivedActivity.type(of: attachment) == "Link"
    }

    /// An attachment with a web address, as media.
    private static func attachment(_ attachment: [String: Any]) -> RemoteAttachment? {
        guard let url = Self.address(of: attachment["url"]) ?? (attachment["href"] as? String), let address = RemoteHTML.webAddress(url) else {
            return nil
        }
        let described = [attachment["summary"], attachment["name"]].lazy.compactMap { ($0 as? String)?.trimmingCharacters(in: .whitespacesAndNewlines) }
        let type = ReceivedActivity.type(of: attachment) ?? ""
        let kind: LinkedMedia.Kind =
            switch (type, (attachment["mediaType"] as? String)?.lowercased().split(separator: "/").first) {
            case ("Video", _), (_, "video"): .video
            case ("Audio", _), (_, "audio"): .audio
            case ("Image", _), (_, "image"): .image
            default: .unknown
            }
        return RemoteAttachment(
            media: LinkedMedia(url: address, description: String((described.first { !$0.isEmpty } ?? "").prefix(EntryService.maxAltText)), kind: kind),
            mayBePicture: [.image, .unknown].contains(kind)
        )
    }

    /// A note's content with every attachment shown as its link, for where no photo is kept (a private message).
    static func contentWithLinks(of note: [String: Any]) -> RemoteHTML.Kept {
        var kept = content(of: note)
        for attachment in attachments(of: note) {
            kept.append(text: attachment.linkText, html: EntryHTML.linkedMedia([attachment.media]))
        }
        return kept
    }

    /// The web address of the note a note quotes, as the fediverse writes one: `quote` (FEP-044f), `quoteUrl`,
    /// `quoteUri`, Misskey's `_misskey_quote`, or a `Link` tag of the quote relation (FEP-e232).
    static func quotedAddress(of note: [String: Any]) -> String? {
        let given = ["quote", "quoteUrl", "quoteUri", "_misskey_quote"].lazy.compactMap { ReceivedActivity.id(of: note[$0]) }.first
        let tagged = objects(note["tag"]).first { tag in
            ReceivedActivity.type(of: tag) == "Link" && (tag["rel"] as? String ?? "").hasSuffix("_misskey_quote")
        }?["href"] as? String
        return (given ?? tagged).flatMap(RemoteHTML.webAddress)
    }

    /// The objects of a property that holds one object or a list of them (`tag`, `attachment`).
    static func objects(_ value: Any?) -> [[String: Any]] {
        (value as? [[String: Any]]) ?? ((value as? [String: Any]).map { [$0] } ?? [])
    }

    /// The hashtags a note's `tag` names that its text does not show, as Mastodon's hashtag bar shows them after the
    /// text: a paragraph of them (each a link where the tag names one), so that they are the entry's tags as well.
    /// A name that cannot be a tag here (`#with-dash`, `#1234`) is left out, as Mastodon leaves it out.
    static func hashtagBar(of note: [String: Any], after text: String) -> (html: String, text: String)? {
        var seen = Set(EntryText.tags(of: text))
        var links: [String] = []
        var words: [String] = []
        for tag in objects(note["tag"]) where ["Hashtag", "as:Hashtag"].contains(ReceivedActivity.type(of: tag)) {
            guard let given = tag["name"] as? String else { continue }
            let name = given.hasPrefix("#") ? String(given.dropFirst()) : given
            guard let normalized = Tag.parse(name), seen.insert(normalized).inserted else { continue }
            words.append("#" + name)
            if let href = (tag["href"] as? String).flatMap(RemoteHTML.webAddress) {
                links.append(
                    "<a href=\"\(RemoteHTML.escaped(href, quote: true))\" class=\"mention hashtag\" rel=\"nofollow noopener noreferrer\" "
                        + "target=\"_blank\">#<span>\(RemoteHTML.escaped(name))</span></a>"
                )
            } else {
                links.append("#" + RemoteHTML.escaped(name))
            }
        }
        guard !words.isEmpty else { return nil }
        return ("<p>\(links.joined(separator: " "))</p>", words.joined(separator: " "))
    }

    /// The answer when an actor could not be fetched: the sender tries again later.
    static var actorUnavailable: Response {
        error(.serviceUnavailable, "actor_unavailable", "The actor could not be fetched: try again later.")
    }
}
