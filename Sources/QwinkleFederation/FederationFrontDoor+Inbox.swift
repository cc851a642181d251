import Foundation
import Hummingbird
import NIOCore
import QwinkleKit
import QwinkleServices
import QwinkleStorage

extension FederationFrontDoor {
    /// The most an activity may weigh: a Note with its tags is a few kilobytes; Mastodon refuses more than a megabyte.
    static let maxInboxBytes = 256 * 1024

    /// Whether a request to `path` is to an inbox, which reads its body itself up to `maxInboxBytes` (and takes an
    /// activity's JSON as it comes, `null`s included): the server's general body limit and JSON checks leave it be.
    public static func isInbox(_ path: String) -> Bool {
        if path == "/inbox" || path == "/actor/inbox" { return true }
        guard path.hasPrefix("/people/"), path.hasSuffix("/inbox") else { return false }
        let username = path.dropFirst("/people/".count).dropLast("/inbox".count)
        return !username.isEmpty && !username.contains("/")
    }

    /// The shared inbox (also the server actor's) and each account's: an activity is taken (202) only when its
    /// signature is the sender's, made over its target, this server's host, date and body, the date is recent, the
    /// activity's actor is the key's owner, and its ID is on that actor's server. Anything else is refused and
    /// changes nothing.
    func addInboxRoutes<Context: RequestContext>(to router: Router<Context>) {
        router.post("/inbox") { request, _ in try await inbox(request, username: nil) }
        router.post("/actor/inbox") { request, _ in try await inbox(request, username: nil) }
        router.post("/people/:username/inbox") { request, context in
            try await inbox(request, username: context.parameters.get("username") ?? "")
        }
    }

    /// Whether `path` is one of the inboxes.
    public static func isInbox(path: String) -> Bool {
        if path == "/inbox" || path == "/actor/inbox" { return true }
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        return parts.count == 4 && parts[1] == "people" && parts[3] == "inbox"
    }

    /// Checks an activity sent to an inbox, then takes it.
    func inbox(_ request: Request, username: String?) async throws -> Response {
        var owner: Account?
        if let username {
            guard let account = try await account(username) else {
                return Self.error(.notFound, "not_found", "The account @\(username) was not found.")
            }
            owner = account
        }
        var request = request
        let body: [UInt8]
        do {
            body = Array(buffer: try await request.collectBody(upTo: Self.maxInboxBytes))
        } catch {
            return Self.error(.contentTooLarge, "too_large", "An activity may be at most \(Self.maxInboxBytes) bytes.")
        }
        let signer: String
        do throws(SignatureProblem) {
            guard let verified = try await self.signer(of: request, body: body) else {
                // A blocked server's posts are dropped before anything of theirs is fetched.
                return Self.error(.forbidden, "domain_blocked", "This server does not take activities from yours.")
            }
            signer = verified
        } catch {
            return Self.error(.unauthorized, "signature_refused", error.description)
        }
        if let refusal = try await overLimit(signer) { return refusal }
        guard let activity = ReceivedActivity(body) else {
            return Self.error(.badRequest, "invalid_activity", "The body is not an activity with an id, a type and an actor.")
        }
        guard activity.actor == signer else {
            return Self.error(.unauthorized, "signature_refused", "The activity's actor is not the one who signed it.")
        }
        // An activity's ID is what it is remembered by, so that one delivered twice acts once: a server may name only
        // its own. Otherwise it could send first, under the ID of another server's activity (an account's deletion,
        // an Undo), something that would make the real one be taken as a repeat and ignored. So every ID remembered
        // is on the server that signed it.
        guard let idOrigin = SignerKeys.origin(of: activity.id), idOrigin == SignerKeys.origin(of: signer) else {
            return Self.error(.badRequest, "invalid_activity", "The activity's id is not on its actor's server.")
        }
        return try await take(activity, inboxOwner: owner)
    }

    /// The actor who signed `request` (a POST with `body`, or a GET with none), once its signature holds: checked
    /// before any key is fetched, then with the signer's key, fetched once more if the kept one fails (the actor may
    /// have a new one). `nil` when the signer's server is blocked, which is known before anything of it is fetched.
    func signer(of request: Request, body: [UInt8]?) async throws(SignatureProblem) -> String? {
        var headers = request.headers.map { (name: $0.name.canonicalName, value: $0.value) }
        // HTTP/1's Host arrives as the request's authority.
        if let authority = request.head.authority, !headers.contains(where: { $0.name == "host" }) {
            headers.append((name: "host", value: authority))
        }
        let signed = SignedRequest(method: request.method.rawValue, target: request.head.path ?? request.uri.path, headers: headers)
        let signature = try SignatureCheck(host: origin.domain).signature(of: signed, body: body, now: Date())
        if try await isBlocked(signature.keyID) { return nil }
        var key = try await signerKeys.key(signature.keyID)
        if !key.publicKey.verifies(signature, of: signed) {
            key = try await signerKeys.key(signature.keyID, fresh: true)
            guard key.publicKey.verifies(signature, of: signed) else { throw .badSignature }
        }
        return key.owner
    }

    /// The 429 answer when the server that signed has delivered more than its limit in this window, else `nil`.
    func overLimit(_ signer: String) async throws -> Response? {
        guard let inboxLimit = inboxLimit, inboxLimit.limit.isEnabled else { return nil }
        let now = Date()
        let decision = try await inboxLimit.limiter.count("inbox-host:\(RemoteHost.of(signer))", cost: 1, under: inboxLimit.limit, at: now)
        guard decision.isExceeded else { return nil }
        var response = Self.error(.tooManyRequests, "rate_limited", "Your server delivered too many activities. Try again later.")
        response.headers[.retryAfter] = String(decision.retryAfter(from: now))
        return response
    }

    /// Whether `url`'s host, or a domain above it, is blocked; when the database cannot say, the key counts as unknown.
    func isBlocked(_ url: String) async throws(SignatureProblem) -> Bool {
        do {
            return try await services.federation.isBlocked(url: url)
        } catch {
            throw .unknownKey
        }
    }
}
