import Foundation
import HTTPTypes
import Hummingbird
import QwinkleFederation
import QwinkleMastodon
import Metrics
import QwinkleServices
import QwinkleStorage

/// Applies the server's rate limits before a request reaches the API or a page, and says where a client stands
/// in `X-RateLimit-Limit`, `-Remaining` and `-Reset` (when the window ends, in RFC 3339, as Mastodon sends it).
/// A limited request is 429 with `Retry-After`: JSON for the API, a page for the web app.
///
/// Requests with a token (or session cookie) count per token; the rest per client address. A token that turns
/// out to be refused (401) is counted against its address too, and a client whose address is spent cannot go on
/// by sending made-up tokens. Sign-ups, log-ins and photo uploads have limits of their own on top.
struct RateLimitMiddleware: RouterMiddleware {
    typealias Context = QwinkleRequestContext

    let limits: RateLimits
    let limiter: any RateLimiter
    let identification: ClientIdentification
    let clock: @Sendable () -> Date
    /// The largest log-in body read for its username.
    let maxBodyBytes: Int
    /// The web app's page for a limited request, given the message.
    let page: @Sendable (Request, String) async -> Response

    /// One count to make: a key, the limit it is counted under, and its cost (0 only asks whether any are left).
    private struct Check {
        let key: String
        let limit: RateLimit
        let cost: Int
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let peer = context.remoteAddress.flatMap { ClientAddress($0) }
        guard case .address(let client) = identification.client(peer: peer, headers: request.headers) else {
            return try await next(request, context)
        }
        var request = request
        let now = clock()
        let token = CredentialsMiddleware.bearerToken(in: request.headers)
            ?? SessionCookies.value(of: SessionCookies.session, in: request.headers)
        // Counted by the hash the database keeps, so the counts never hold a usable token.
        let tokenKey = token.map { TokenIssuer.hash($0) }
        let addressKey = "address:\(client.limitKey)"
        var checks: [Check] = []
        if request.method == .post, FederationFrontDoor.isInbox(path: request.uri.path) {
            // Other servers deliver for all their people from few addresses: inboxes have a limit of their own, and
            // the front door counts each signing server's deliveries again once their signatures are checked.
            checks.append(Check(key: "inbox:\(client.limitKey)", limit: limits.inbox, cost: 1))
        } else if let tokenKey {
            checks.append(Check(key: "token:\(tokenKey)", limit: limits.authenticated, cost: 1))
            checks.append(Check(key: addressKey, limit: limits.unauthenticated, cost: 0))
        } else {
            checks.append(Check(key: addressKey, limit: limits.unauthenticated, cost: 1))
        }
        // A request that checks the account's password (changing it, deleting the account) is a log-in attempt
        // made with a token: a stolen token must not be a way to guess the password faster than logging in.
        if Self.checksPassword(request), let tokenKey {
            checks.append(Check(key: "log-in:\(client.limitKey)", limit: limits.logIn, cost: 1))
            checks.append(Check(key: "log-in-as:\(tokenKey)", limit: limits.logInPerUsername, cost: 1))
        }
        if request.method == .post {
            switch request.uri.path {
            case "/api/qwinkle/v1/accounts", "/signup":
                checks.append(Check(key: "sign-up:\(client.limitKey)", limit: limits.signUp, cost: 1))
            case "/api/qwinkle/v1/sessions", "/login":
                checks.append(Check(key: "log-in:\(client.limitKey)", limit: limits.logIn, cost: 1))
                if let username = try await Self.username(in: &request, upTo: maxBodyBytes) {
                    checks.append(Check(key: "log-in-as:\(username)", limit: limits.logInPerUsername, cost: 1))
                }
            case "/oauth/token":
                // Codes, secrets and (when the grant is on) passwords are tried here: as many as log-ins.
                checks.append(Check(key: "log-in:\(client.limitKey)", limit: limits.logIn, cost: 1))
            case "/api/qwinkle/v1/photos", "/api/v1/media", "/api/v2/media":
                if let tokenKey { checks.append(Check(key: "photos:\(tokenKey)", limit: limits.photoUploads, cost: 1)) }
            default: break
            }
        }

        var shown: RateLimitDecision?
        for check in checks where check.limit.isEnabled {
            let decision = try await limiter.count(check.key, cost: check.cost, under: check.limit, at: now)
            if check.cost == 0 ? decision.remaining == 0 : decision.isExceeded {
                // Refusals are rare, so the counter is looked up each time rather than kept.
                Counter(label: "qwinkle_rate_limited_total", dimensions: [("limit", String(check.key.prefix { $0 != ":" }))]).increment()
                return try await refused(request, context: context, decision, now: now)
            }
            if shown == nil, check.cost > 0 { shown = decision }
        }

        // A refused token (401, answered or thrown) is counted against the address it came from.
        let chargeRefusedToken = { [limiter, limits] in
            if tokenKey != nil, limits.unauthenticated.isEnabled {
                _ = try await limiter.count(addressKey, cost: 1, under: limits.unauthenticated, at: now)
            }
        }
        var response: Response
        do {
            response = try await next(request, context)
        } catch let error as any HTTPResponseError where error.status == .unauthorized {
            try await chargeRefusedToken()
            throw error
        }
        if response.status == .unauthorized { try await chargeRefusedToken() }
        if let shown { Self.describe(shown, in: &response.headers) }
        return response
    }

    /// The 429 answer for a request over a limit.
    private func refused(_ request: Request, context: Context, _ decision: RateLimitDecision, now: Date) async throws -> Response {
        let seconds = decision.retryAfter(from: now)
        let wait = seconds < 90 ? "\(seconds) seconds" : "\((seconds + 59) / 60) minutes"
        let message = "Too many requests. Try again in \(wait)."
        var response: Response
        if MastodonAPI.owns(path: request.uri.path) {
            response = try MastodonError(status: .tooManyRequests, message: message).response(from: request, context: context)
        } else if request.uri.path.hasPrefix("/api/") || request.uri.path == "/health" {
            let error = APIError(status: .tooManyRequests, code: "rate_limited", message: message)
            response = try error.response(from: request, context: context)
        } else {
            response = await page(request, message)
        }
        response.headers[.retryAfter] = String(seconds)
        Self.describe(decision, in: &response.headers)
        return response
    }

    private static let limitName = HTTPField.Name("X-RateLimit-Limit")
    private static let remainingName = HTTPField.Name("X-RateLimit-Remaining")
    private static let resetName = HTTPField.Name("X-RateLimit-Reset")

    /// The `X-RateLimit-*` headers for a decision.
    static func describe(_ decision: RateLimitDecision, in headers: inout HTTPFields) {
        if let limitName { headers[limitName] = String(decision.limit.limit) }
        if let remainingName { headers[remainingName] = String(decision.remaining) }
        if let resetName { headers[resetName] = decision.resetsAt.formatted(.iso8601) }
    }

    /// Whether a request checks the account's password: a password change or an account's deletion, through the
    /// API or the web app's forms.
    static func checksPassword(_ request: Request) -> Bool {
        switch (request.method, request.uri.path) {
        case (.put, "/api/qwinkle/v1/accounts/me/password"), (.post, "/api/qwinkle/v1/accounts/me/deletion"), (.post, "/settings/password"),
            (.post, "/settings/delete"):
            true
        default: false
        }
    }

    /// The username a log-in names, from its JSON or form body, lowercased; the body stays readable for the handler.
    private static func username(in request: inout Request, upTo limit: Int) async throws -> String? {
        guard let body = try? await request.collectBody(upTo: limit) else { return nil }
        let text = String(buffer: body)
        let contentType = request.headers[.contentType] ?? ""
        if contentType.hasPrefix("application/json") {
            struct LogIn: Decodable { let username: String? }
            return (try? JSONDecoder().decode(LogIn.self, from: Data(text.utf8)))?.username.map(normalized)
        }
        if contentType.hasPrefix("application/x-www-form-urlencoded") {
            return (try? URLEncodedFormDecoder().decode(PostedForm.LogIn.self, from: text))?.username.map(normalized)
        }
        return nil
    }

    private static func normalized(_ username: String) -> String {
        username.trimmingCharacters(in: .whitespaces).lowercased()
    }
}
