import Foundation
import Hummingbird
import QwinkleKit
import QwinkleServices
import QwinkleStorage

/// Who is calling the Mastodon API: the app token's grant, if the request sent one. The one place scopes are
/// checked: every route asks for what it needs here, and what the account may then read or change is the
/// services' policy, as for every other front door.
struct MastodonCaller: Sendable {
    /// The token's grant; `nil` for a request without a token.
    let grant: OAuthGrant?

    /// The caller of `request`: a bearer token (or `access_token` in the query, as the streaming API takes it). A
    /// token that is not valid is refused, never taken as anonymous, so an app whose token was revoked learns it.
    static func of(_ request: Request, oauth: OAuthService) async throws -> MastodonCaller {
        guard let token = token(of: request) else { return MastodonCaller(grant: nil) }
        guard let grant = try await oauth.grant(token: token) else {
            throw MastodonError(status: .unauthorized, message: "The access token is invalid", headers: [.wwwAuthenticate: "Bearer"])
        }
        return MastodonCaller(grant: grant)
    }

    /// The token a request carries.
    static func token(of request: Request) -> String? {
        if let value = request.headers[.authorization] {
            let parts = value.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
            if parts.count == 2, parts[0].lowercased() == "bearer" { return String(parts[1]).trimmingCharacters(in: .whitespaces) }
        }
        return request.uri.queryParameters.get("access_token").flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The signed-in account, whose token must hold `scope`.
    func account(needing scope: String) throws -> Account {
        guard let grant else {
            throw MastodonError(status: .unauthorized, message: "The access token is invalid", headers: [.wwwAuthenticate: "Bearer"])
        }
        try check(grant, scope)
        guard let account = grant.account else {
            throw MastodonError(status: .unprocessableContent, message: "This method requires an authenticated user")
        }
        return account
    }

    /// The signed-in account if there is one (a read anyone may make); a token without `scope` is refused.
    func optionalAccount(needing scope: String) throws -> Account? {
        guard let grant else { return nil }
        try check(grant, scope)
        return grant.account
    }

    /// The app's grant, whatever its account (an app's own token included).
    func app() throws -> OAuthGrant {
        guard let grant else {
            throw MastodonError(status: .unauthorized, message: "The access token is invalid", headers: [.wwwAuthenticate: "Bearer"])
        }
        return grant
    }

    private func check(_ grant: OAuthGrant, _ scope: String) throws {
        guard grant.scopes.allows(scope) else {
            throw MastodonError(status: .forbidden, message: "This action is outside the authorized scopes")
        }
    }
}
