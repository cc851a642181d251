import Foundation
import Hummingbird
import QwinkleAPITypes
import QwinkleKit
import QwinkleServices
import QwinkleStorage

/// ActivityPub's front door, beside the Qwinkle API, the web app and the Mastodon API: how other servers find the
/// server's people (WebFinger, host-meta, NodeInfo) and read them (each account a `Person` actor at its profile URL,
/// each public entry a `Note` at its page's URL, both by content negotiation). Like the other front doors it decides
/// nothing: what it shows comes from the services, as a reader who is not signed in is shown it.
///
/// Registered only when federation is on; when it is off, every path of it is not found.
public struct FederationFrontDoor: Sendable {
    /// The server's public origin, which names every actor and object.
    let origin: FederationOrigin
    /// The services every front door shares.
    let services: Services
    /// The version NodeInfo names.
    let softwareVersion: String
    /// The keys signatures name.
    let signerKeys: SignerKeys
    /// People of other servers, and what fetches them.
    let remote: RemoteAccounts
    /// Where each signing server's deliveries are counted, and their limit; `nil` for none.
    let inboxLimit: (limiter: any RateLimiter, limit: RateLimit)?

    /// The front door of a server at `origin`, running Qwinkle `softwareVersion`, finding people of other servers
    /// through `remote`, counting each signing server's deliveries in `inboxLimit`.
    public init(
        origin: FederationOrigin, services: Services, softwareVersion: String, remote: RemoteAccounts,
        inboxLimit: (limiter: any RateLimiter, limit: RateLimit)? = nil
    ) {
        self.origin = origin
        self.inboxLimit = inboxLimit
        self.services = services
        self.softwareVersion = softwareVersion
        self.remote = remote
        signerKeys = SignerKeys(origin: origin, services: services, fetcher: remote.fetcher, serverActor: remote.serverActor)
    }

    /// The server's own actor, which signs its fetches.
    var serverActor: ServerActor { remote.serverActor }

    /// ActivityPub's media type, which every document here is served as.
    static let activityJSON = "application/activity+json; charset=utf-8"

    /// Adds the discovery routes and the actors' collections to `router`. Actors and notes are answered by
    /// `negotiation()`, in front of the web app's pages at the same URLs.
    public func addRoutes<Context: RequestContext>(to router: Router<Context>) {
        router.get("/.well-known/webfinger") { request, _ in try await webFinger(request) }
        router.get("/.well-known/host-meta") { _, _ in hostMeta() }
        router.get("/.well-known/nodeinfo") { _, _ in
            try Self.json(
                NodeInfoLinks(links: [.init(rel: "http://nodeinfo.diaspora.software/ns/schema/2.1", href: origin.base + "/nodeinfo/2.1")]),
                contentType: "application/json; charset=utf-8"
            )
        }
        router.get("/nodeinfo/2.1") { _, _ in
            try Self.json(
                NodeInfo(software: .init(name: "qwinkle", version: softwareVersion, homepage: nil), openRegistrations: true),
                contentType: #"application/json; profile="http://nodeinfo.diaspora.software/ns/schema/2.1#""#
            )
        }
        router.get("/actor") { _, _ in try Self.json(try await serverActor.document()) }
        addInboxRoutes(to: router)
        for collection in ["outbox", "followers", "following"] {
            router.get(RouterPath("/people/:username/\(collection)")) { _, context in
                try await self.collection(collection, of: context.parameters.get("username") ?? "")
            }
        }
        router.get("/people/:username/featured") { _, context in try await self.featured(of: context.parameters.get("username") ?? "") }
    }

    /// The middleware that answers an actor's or a note's URL with its ActivityPub document when the request asks
    /// for one, and leaves every other request to the web app.
    public func negotiation<Context: RequestContext>() -> ActivityPubNegotiation<Context> {
        ActivityPubNegotiation(door: self)
    }

    /// `/.well-known/webfinger?resource=acct:abe@host`, or the actor's URL as the resource.
    func webFinger(_ request: Request) async throws -> Response {
        guard let resource = request.uri.queryParameters.get("resource"), !resource.isEmpty else {
            return Self.error(.badRequest, "invalid_resource", "Name the account as resource=acct:username@\(origin.domain).")
        }
        guard let username = username(of: resource) else {
            return Self.error(.notFound, "not_found", "\(resource) is not an account of this server.")
        }
        guard let account = try await account(username) else {
            return Self.error(.notFound, "not_found", "\(resource) is not an account of this server.")
        }
        let actor = origin.actorURL(account.username)
        return try Self.json(
            WebFingerResource(
                subject: "acct:\(account.username)@\(origin.domain)", aliases: [actor],
                links: [
                    .init(rel: "self", type: "application/activity+json", href: actor),
                    .init(rel: "http://webfinger.net/rel/profile-page", type: "text/html", href: actor),
                ]
            ),
            contentType: "application/jrd+json; charset=utf-8"
        )
    }

    /// The username a WebFinger resource names on this server: `acct:name@domain` (or without `acct:`), or an
    /// actor's URL; `nil` for anything else, another server's handles included.
    func username(of resource: String) -> String? {
        if let name = origin.username(inActorURL: resource) { return name }
        var handle = Substring(resource)
        if handle.lowercased().hasPrefix("acct:") { handle = handle.dropFirst(5) }
        if handle.hasPrefix("@") { handle = handle.dropFirst() }
        guard let at = handle.lastIndex(of: "@"), handle[handle.index(after: at)...].lowercased() == origin.domain else { return nil }
        let name = handle[..<at]
        return name.isEmpty ? nil : String(name)
    }

    /// The account of this server with this username, or `nil` (for a person of another server kept here too: only
    /// their own server speaks for them).
    func account(_ username: String) async throws -> Account? {
        do {
            let account = try await services.accounts.account(username: username)
            return account.isLocal ? account : nil
        } catch ServiceError.notFound {
            return nil
        }
    }

    /// host-meta, for the servers that still find WebFinger through it.
    func hostMeta() -> Response {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <XRD xmlns="http://docs.oasis-open.org/ns/xri/xrd-1.0">
              <Link rel="lrdd" template="\(origin.base)/.well-known/webfinger?resource={uri}"/>
            </XRD>

            """
        return Response(
            status: .ok, headers: [.contentType: "application/xrd+xml; charset=utf-8"], body: ResponseBody(byteBuffer: ByteBuffer(string: xml))
        )
    }

    /// The account's `Person` actor, with its public key (made now if the account has none yet).
    func actor(username: String) async throws -> Response {
        guard let account = try await account(username) else {
            return Self.error(.notFound, "not_found", "The account @\(username) was not found.")
        }
        let keys = try await services.actorKeys.keys(of: account.id)
        let id = origin.actorURL(account.username)
        let summary = account.bio.isEmpty ? "" : EntryHTML.paragraphs(account.bio, mentions: [], base: origin.base)
        return try Self.json(ActivityPubActor(
            id: id, preferredUsername: account.username, name: account.displayName.isEmpty ? account.username : account.displayName,
            summary: summary, url: id, inbox: id + "/inbox", outbox: id + "/outbox", followers: id + "/followers", following: id + "/following",
            featured: id + "/featured", endpoints: .init(sharedInbox: origin.base + "/inbox"), manuallyApprovesFollowers: account.locked,
            published: RFC3339.string(from: account.createdAt),
            icon: account.avatar.map { ActivityPubActor.Image(url: origin.base + PhotoURL.path($0)) },
            publicKey: .init(id: id + "#main-key", owner: id, publicKeyPem: keys.publicKeyPEM)
        ))
    }

    /// One of an account's collections, by its size.
    func collection(_ name: String, of username: String) async throws -> Response {
        guard let account = try await account(username) else {
            return Self.error(.notFound, "not_found", "The account @\(username) was not found.")
        }
        let counts = try await services.accounts.counts(of: [account])[account.id] ?? AccountCounts()
        let total = switch name {
        case "followers": counts.followers
        case "following": counts.following
        default: counts.entries
        }
        return try Self.json(ActivityPubCollection(id: origin.actorURL(account.username) + "/\(name)", totalItems: total))
    }

    /// The entries an account pinned that anyone may read (public and unlisted ones), newest pin first, as the
    /// `Note`s of its `featured` collection.
    func featured(of username: String) async throws -> Response {
        guard let account = try await account(username) else {
            return Self.error(.notFound, "not_found", "The account @\(username) was not found.")
        }
        let pinned = try await services.federation.pinnedEntries(of: account.id)
        let document = NoteDocument(origin: origin)
        var notes: [ActivityPubNote] = []
        for shown in pinned {
            let parent = try await document.parent(of: shown.entry, in: services.federation)?.url
            let mentioned = try await NoteDocument.mentionedActors(of: shown.entry, in: services.federation)
            let photos = try await NoteDocument.photos(of: shown.entry, in: services.federation)
            guard var note = document.note(shown.entry, author: shown.author, inReplyTo: parent, mentioned: mentioned, photos: photos)
            else { continue }
            note.context = nil
            notes.append(note)
        }
        return try Self.json(ActivityPubFeatured(id: origin.actorURL(account.username) + "/featured", totalItems: notes.count, orderedItems: notes))
    }

    /// An entry as a `Note`: a public one for anyone, as a reader who is not signed in reads it; a followers-only
    /// one only for a fetch signed by one of its author's followers elsewhere (the services decide, by the policy).
    /// Anything else answers as an entry that never existed, whoever signed.
    func note(id: String, request: Request) async throws -> Response {
        let missing = Self.error(.notFound, "not_found", "The entry \(id) was not found.")
        let shown: TimelineEntry
        do {
            shown = try await services.federation.entry(id: id, fetchedBy: nil)
        } catch ServiceError.notFound {
            // Not public: perhaps followers-only, for a follower's signed fetch (only a signed fetch has its
            // signer's key fetched).
            guard request.headers.contains(where: { $0.name.canonicalName == "signature" }) || request.headers[.authorization] != nil,
                let signer = try? await self.signer(of: request, body: nil)
            else { return missing }
            do {
                shown = try await services.federation.entry(id: id, fetchedBy: signer)
            } catch ServiceError.notFound {
                return missing
            }
        }
        let (entry, author) = (shown.entry, shown.author)
        let document = NoteDocument(origin: origin)
        let parent = try await document.parent(of: entry, in: services.federation)?.url
        let mentioned = try await NoteDocument.mentionedActors(of: entry, in: services.federation)
        let photos = try await NoteDocument.photos(of: entry, in: services.federation)
        guard let note = document.note(entry, author: author, inReplyTo: parent, mentioned: mentioned, photos: photos) else {
            return missing
        }
        var response = try Self.json(note)
        // Who fetched decides what a followers-only note answers: no shared cache may keep it.
        if entry.content.visibility != .public { response.headers[.cacheControl] = "private, no-store" }
        return response
    }

    /// A document as JSON, its URLs' slashes unescaped.
    static func json(_ value: some Encodable, contentType: String = activityJSON) throws -> Response {
        Response(
            status: .ok, headers: [.contentType: contentType, .vary: "Accept"], body: ResponseBody(byteBuffer: ByteBuffer(bytes: try encoded(value)))
        )
    }

    /// A document's JSON as every federation document and delivery is written: slashes unescaped, keys sorted.
    static func encoded(_ value: some Encodable) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes, .sortedKeys]
        return try encoder.encode(value)
    }

    /// Qwinkle's error shape.
    static func error(_ status: HTTPResponse.Status, _ code: String, _ message: String) -> Response {
        Response(
            status: status, headers: [.contentType: "application/json; charset=utf-8"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: ErrorDocument(code: code, message: message).json))
        )
    }
}
