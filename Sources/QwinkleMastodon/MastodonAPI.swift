import Foundation
import Hummingbird
import NIOCore
import QwinkleServices

/// The Mastodon client API: a third front door, beside Qwinkle's own API and the web app, so that the apps people
/// already use (Mastodon.py, toot, Ivory, Tusky…) talk to Qwinkle. It has no rule of its own: what it answers comes
/// from the same services, mapped once (`MastodonMapping`) from QwinkleKit's values to Mastodon's entities, and the
/// only thing it checks itself is a token's scopes (`MastodonCaller`).
///
/// It owns Mastodon's paths (`/api/v1/…`, `/api/v2/…`) and the OAuth endpoints apps log in with (`/oauth/token`,
/// `/oauth/revoke`; the consent page is the web app's); Qwinkle's own API is under `/api/qwinkle/v1/`, so no path
/// answers two shapes.
public struct MastodonAPI: Sendable {
    /// The server's limits and version, in Mastodon's terms.
    let facts: MastodonServerFacts
    /// The services every front door shares.
    let services: Services
    /// How often a quiet stream says it is still there.
    let streamHeartbeat: Duration
    /// Whether apps may exchange a person's password for a token (OAuth's password grant), which is off unless the
    /// server's operator turns it on.
    let allowsPasswordGrant: Bool
    /// What pages of statuses repeat, written once.
    let jsonCache = MastodonJSONCache()
    /// The origin people reach the server at, when the operator named one; else each request's own.
    let publicOrigin: MastodonOrigin?

    /// The API of a server with these facts, over these services; its streams send a heartbeat every
    /// `streamHeartbeat`.
    /// `publicURL` (an origin, `https://host[:port]`) names the server in what apps are told, rather than a request's host.
    public init(
        facts: MastodonServerFacts, services: Services, streamHeartbeat: Duration, allowsPasswordGrant: Bool = false, publicURL: String? = nil
    ) {
        self.facts = facts
        self.publicOrigin = publicURL.flatMap(MastodonOrigin.init(url:))
        self.services = services
        self.streamHeartbeat = streamHeartbeat
        self.allowsPasswordGrant = allowsPasswordGrant
    }

    /// Whether `path` is one of Mastodon's, whose errors are answered in Mastodon's shape.
    public static func owns(path: String) -> Bool {
        ["/api/v1/", "/api/v2/"].contains { path.hasPrefix($0) } || path == "/api/v1" || path == "/api/v2"
    }

    /// Adds the routes to `router`.
    public func addRoutes<Context: RequestContext>(to router: Router<Context>) {
        addInstanceRoutes(to: router)
        addOAuthRoutes(to: router)
        addAccountRoutes(to: router)
        addStatusRoutes(to: router)
        addTimelineRoutes(to: router)
        addFollowRoutes(to: router)
        addBlockRoutes(to: router)
        addModerationRoutes(to: router)
        addNotificationRoutes(to: router)
        addGroupedNotificationRoutes(to: router)
        addConversationRoutes(to: router)
        addMediaRoutes(to: router)
        addEditRoutes(to: router)
        addSearchRoutes(to: router)
        addSettingsRoutes(to: router)
        addStreamingRoutes(to: router)
        addProfileRoutes(to: router)
    }

    /// The instance, and the lists an empty server has.
    private func addInstanceRoutes<Context: RequestContext>(to router: Router<Context>) {
        let facts = facts
        // The router takes `/api/v1/instance/`, as Mastodon.py asks, for the same path.
        router.get("/api/v1/instance") { request, _ in
            try Self.json(facts.instanceV1(at: origin(request), stats: try await services.accounts.serverStats()))
        }
        router.get("/api/v2/instance") { request, _ in
            try Self.json(facts.instanceV2(at: origin(request), stats: try await services.accounts.serverStats()))
        }
        // What an empty server has: Qwinkle keeps no custom emoji, peers, rules, trends or directory.
        for path in [
            "/api/v1/instance/peers", "/api/v1/instance/activity", "/api/v1/instance/rules", "/api/v1/custom_emojis",
            "/api/v1/trends", "/api/v1/trends/tags", "/api/v1/trends/statuses", "/api/v1/trends/links",
        ] {
            router.get(RouterPath(path)) { _, _ in try Self.json([String]()) }
        }
    }

    /// The caller of a request.
    func caller(_ request: Request) async throws -> MastodonCaller {
        try await MastodonCaller.of(request, oauth: services.oauth)
    }

    /// Where apps reach the server: the public origin when one is set, else the request's.
    func origin(_ request: Request) -> MastodonOrigin {
        publicOrigin ?? MastodonOrigin(request)
    }

    /// The mapping for a request's origin.
    func mapping(_ request: Request) -> MastodonMapping {
        MastodonMapping(origin: origin(request))
    }

    /// An entity as Mastodon's JSON (`MastodonJSON`). Each entity names its snake_case keys (`CodingKeys`) rather than
    /// the encoder converting every key of every status on every page.
    static func json(_ value: some Encodable, status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]) throws -> Response {
        json(bytes: try MastodonJSON.encode(value), status: status, headers: headers)
    }

    /// JSON already written, as a response.
    static func json(bytes body: [UInt8], status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]) -> Response {
        var headers = headers
        headers[.contentType] = "application/json; charset=utf-8"
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
    }
}
