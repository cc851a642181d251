import Foundation
import Hummingbird

/// Answers a profile's or an entry's URL with its ActivityPub document when the request asks for one
/// (`application/activity+json`, or `application/ld+json` as Mastodon also sends), so that one URL names the page
/// and the actor or note; every other request goes on to the web app. Both answers say they vary by `Accept`.
public struct ActivityPubNegotiation<Context: RequestContext>: RouterMiddleware {
    let door: FederationFrontDoor

    public func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let parts = request.uri.path.split(separator: "/", omittingEmptySubsequences: false)
        // "/people/abe" splits into "", "people", "abe".
        guard request.method == .get || request.method == .head, parts.count == 3, parts[1] == "people" || parts[1] == "entries" else {
            return try await next(request, context)
        }
        guard Self.asksForActivityPub(request.headers[.accept]) else {
            var response = try await next(request, context)
            response.headers[.vary] = "Accept"
            return response
        }
        let name = String(parts[2]).removingPercentEncoding ?? String(parts[2])
        if parts[1] == "people" { return try await door.actor(username: name) }
        return try await door.note(id: name, request: request)
    }

    /// Whether an `Accept` header asks for ActivityPub's JSON.
    static func asksForActivityPub(_ accept: String?) -> Bool {
        guard let accept = accept?.lowercased() else { return false }
        return accept.contains("application/activity+json") || accept.contains("application/ld+json")
    }
}
