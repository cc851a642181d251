import Crypto
import Foundation
import QwinkleKit
import QwinkleStorage

/// Log-in the way apps do it (OAuth 2, as Mastodon's client API has it): apps register, a person signed in on the
/// web authorizes one on a consent page, and the app exchanges the code for a token that carries only the scopes
/// granted. Secrets, codes and tokens are kept hashed; a code is good once, for ten minutes.
public struct OAuthService: Sendable {
    let context: ServiceContext

    /// How long an authorization code may wait to be exchanged.
    static let codeLifetime: TimeInterval = 10 * 60
    /// The longest app name, web site and redirect URI kept.
    static let maxName = 200
    static let maxURI = 2_000

    /// The service over the shared context.
    public init(context: ServiceContext) {
        self.context = context
    }

    /// Registers an app: a name, where codes go (one a line or separated by spaces, or the out-of-band URN), the
    /// scopes it may ask for (default `read`), and its web site. Every broken rule is reported by field.
    public func registerApp(name: String?, redirectURIs: String?, scopes: String?, website: String?) async throws -> RegisteredApp {
        var fields: [String: [String]] = [:]
        let name = (name ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        if name.isEmpty { fields["client_name"] = ["An app needs a name."] }
        if name.count > Self.maxName { fields["client_name"] = ["An app's name must be at most \(Self.maxName) characters."] }
        let redirects = (redirectURIs ?? "").split(whereSeparator: \.isWhitespace).map(String.init)
        if redirects.isEmpty {
            fields["redirect_uris"] = ["Give at least one redirect URI, or \(OAuthApp.outOfBand)."]
        } else if let bad = redirects.first(where: { !Self.isRedirect($0) }) {
            fields["redirect_uris"] = [
                "\(bad.prefix(100)) is not an absolute http(s) URI or an app's own scheme, without a fragment (javascript:, data: and the like are refused).",
            ]
        }
        let parsedScopes = OAuthScopes(scopes ?? "")
        if parsedScopes == nil { fields["scopes"] = ["Use only the scopes read, write, follow, push and their parts (read:statuses, …)."] }
        let website = website.map { $0.trimmingCharacters(in: .whitespaces) }.flatMap { $0.isEmpty ? nil : $0 }
        if let website, !Self.isWebsite(website) {
            fields["website"] = ["The web site must be an absolute http or https URL."]
        }
        guard fields.isEmpty, let parsedScopes else { throw ServiceError.invalid(fields) }
        let secret = TokenIssuer.makeToken()
        let app = try await context.storage.registerApp(NewOAuthApp(
            clientID: TokenIssuer.makeToken(), secretHash: TokenIssuer.hash(secret), name: name, website: website,
            redirectURIs: redirects, scopes: parsedScopes, createdAt: context.clock.now()
        ))
        return RegisteredApp(app: app, clientSecret: secret)
    }

    /// The app whose credentials these are: its `client_id` and, when `secret` is given or `required`, its secret.
    public func app(clientID: String?, secret: String?, secretRequired: Bool) async throws -> OAuthApp {
        guard let clientID, !clientID.isEmpty, let found = try await context.storage.app(clientID: clientID) else {
            throw OAuthError(.invalidClient, "No app is registered with this client_id.")
        }
        if secret != nil || secretRequired {
            guard let secret, Self.same(TokenIssuer.hash(secret), found.secretHash) else {
                throw OAuthError(.invalidClient, "The client_secret is not this app's.")
            }
        }
        return found.app
    }

    /// Checks what an app asks the consent page for: a registered redirect, scopes within the app's, and a PKCE
    /// challenge by `S256` if any. Only then may the page be shown.
    public func authorizationRequest(
        clientID: String?, redirectURI: String?, scope: String?, codeChallenge: String?, codeChallengeMethod: String?
    ) async throws -> AuthorizationRequest {
        let app = try await app(clientID: clientID, secret: nil, secretRequired: false)
        let redirect = redirectURI ?? (app.redirectURIs.count == 1 ? app.redirectURIs[0] : "")
        // An app registered before the rules on schemes were kept may hold a redirect they now refuse: never sent to.
        guard app.redirectURIs.contains(redirect), Self.isRedirect(redirect) else {
            throw OAuthError(.invalidRequest, "The redirect_uri is not one this app registered.")
        }
        let scopes = try Self.scopes(scope, for: app)
        if let codeChallenge {
            guard (codeChallengeMethod ?? "plain") == "S256" else {
                throw OAuthError(.invalidRequest, "Only the S256 code_challenge_method is supported.")
            }
            guard (43...128).contains(codeChallenge.count) else { throw OAuthError(.invalidRequest, "The code_challenge is malformed.") }
        }
        return AuthorizationRequest(app: app, redirectURI: redirect, scopes: scopes, codeChallenge: codeChallenge)
    }

    /// Records that `account` authorized the request, and returns the code to hand the app.
    public func authorize(_ request: AuthorizationRequest, by account: Account) async throws -> String {
        let code = TokenIssuer.makeToken()
        try await context.storage.storeAuthorizationCode(
            hash: TokenIssuer.hash(code),
            OAuthCode(
                app: request.app.id, account: account.id, redirectURI: request.redirectURI, scopes: request.scopes,
                codeChallenge: request.codeChallenge, expiresAt: context.clock.now().addingTimeInterval(Self.codeLifetime)
            )
        )
        return code
    }

    /// Exchanges a code for a token (`grant_type=authorization_code`). The exchange names the code's redirect, as
    /// Mastodon requires (RFC 6749 §4.1.3). An app that sent a PKCE challenge must send its verifier; one that did
    /// not must send its secret. A code is good once: exchanged again, the token it gave is revoked (§10.5), since
    /// whoever holds it twice may not be the app it was given to.
    public func exchange(
        code: String?, clientID: String?, clientSecret: String?, redirectURI: String?, codeVerifier: String?
    ) async throws -> IssuedToken {
        let app = try await app(clientID: clientID, secret: clientSecret, secretRequired: false)
        guard let code, !code.isEmpty else { throw OAuthError(.invalidRequest, "The code is missing.") }
        guard let redirectURI, !redirectURI.isEmpty else {
            throw OAuthError(.invalidRequest, "The redirect_uri is missing: name the one the code was given for.")
        }
        let token = TokenIssuer.makeToken()
        let tokenHash = TokenIssuer.hash(token)
        let now = context.clock.now()
        let refused = OAuthError(.invalidGrant, "The code is not valid: it may be used, expired, or another app's.")
        // Redeemed (marked used, its token stored) before any check, so a code that fails one cannot be tried again.
        let granted: OAuthCode
        switch try await context.storage.redeemAuthorizationCode(hash: TokenIssuer.hash(code), tokenHash: tokenHash, at: now) {
        case .unknown:
            throw refused
        case .replayed(let revoked):
            if let revoked { context.events.publish(.signedOut(tokenHash: revoked)) }
            throw refused
        case .redeemed(let redeemed):
            granted = redeemed
        }
        do {
            guard granted.app == app.id, granted.expiresAt > now else { throw refused }
            guard redirectURI == granted.redirectURI else {
                throw OAuthError(.invalidGrant, "The redirect_uri is not the one the code was given for.")
            }
            if let challenge = granted.codeChallenge {
                guard let codeVerifier, Self.same(Self.s256(codeVerifier), challenge) else {
                    throw OAuthError(.invalidGrant, "The code_verifier does not match the code_challenge.")
                }
            } else if clientSecret == nil {
                throw OAuthError(.invalidClient, "The client_secret is needed without PKCE.")
            }
        } catch {
            // The token stored with the redemption was never told to anyone: it goes.
            _ = try await context.storage.revokeAppToken(hash: tokenHash, app: granted.app)
            throw error
        }
        return IssuedToken(token: token, scopes: granted.scopes, createdAt: now)
    }

    /// A token for the app itself (`grant_type=client_credentials`): it acts for nobody.
    public func clientCredentials(clientID: String?, clientSecret: String?, scope: String?) async throws -> IssuedToken {
        let app = try await app(clientID: clientID, secret: clientSecret, secretRequired: true)
        let scopes = try Self.scopes(scope, for: app)
        return try await issue(app: app, account: nil, scopes: scopes)
    }

    /// A token for a person who gave the app their password (`grant_type=password`). Only a server that turns the
    /// grant on offers it: Mastodon removed it in 4.4, since it teaches apps to ask for passwords.
    public func passwordGrant(account: Account, clientID: String?, clientSecret: String?, scope: String?) async throws -> IssuedToken {
        let app = try await app(clientID: clientID, secret: clientSecret, secretRequired: true)
        let scopes = try Self.scopes(scope, for: app)
        return try await issue(app: app, account: account.id, scopes: scopes)
    }

    /// Revokes a token of the app's (RFC 7009): answered the same whether or not the token was valid. Live streams
    /// opened with it end.
    public func revoke(token: String?, clientID: String?, clientSecret: String?) async throws {
        let app = try await app(clientID: clientID, secret: clientSecret, secretRequired: false)
        guard let token, !token.isEmpty else { throw OAuthError(.invalidRequest, "The token is missing.") }
        let hash = TokenIssuer.hash(token)
        if try await context.storage.revokeAppToken(hash: hash, app: app.id) {
            context.events.publish(.signedOut(tokenHash: hash))
        }
    }

    /// What a bearer token grants, or `nil` when it is not a valid app token; its use is recorded as sessions' are.
    public func grant(token: String) async throws -> OAuthGrant? {
        let hash = TokenIssuer.hash(token)
        guard let grant = try await context.storage.grant(tokenHash: hash) else { return nil }
        let now = context.clock.now()
        if let lastUsedAt = grant.lastUsedAt, now.timeIntervalSince(lastUsedAt) >= AccountService.lastUseGranularity {
            try await context.storage.recordTokenUse(hash: hash, at: now)
        }
        return grant
    }

    private func issue(app: OAuthApp, account: Account.ID?, scopes: OAuthScopes) async throws -> IssuedToken {
        let token = TokenIssuer.makeToken()
        let now = context.clock.now()
        try await context.storage.storeAppToken(hash: TokenIssuer.hash(token), app: app.id, account: account, scopes: scopes, createdAt: now)
        return IssuedToken(token: token, scopes: scopes, createdAt: now)
    }

    /// The scopes an app asks for (all it registered for, when it names none): known, and within what it registered.
    static func scopes(_ asked: String?, for app: OAuthApp) throws -> OAuthScopes {
        guard let scopes = asked.map({ OAuthScopes($0) }) ?? app.scopes else {
            throw OAuthError(.invalidScope, "A scope asked for is not known.")
        }
        guard scopes.isWithin(app.scopes) else {
            throw OAuthError(.invalidScope, "The app asks for more than it registered for (\(app.scopes.text)).")
        }
        return scopes
    }

    /// Whether a redirect URI may be registered: the out-of-band URN, an absolute `http(s)` URL with a host, or an
    /// app's own scheme (`toot://`, `com.example.app:/`), never one a browser runs or reads locally (`javascript:`,
    /// `data:`…), since the consent page sends the browser there; and no fragment.
    static func isRedirect(_ text: String) -> Bool {
        if text == OAuthApp.outOfBand { return true }
        guard text.count <= maxURI, let url = URL(string: text), let scheme = url.scheme?.lowercased(), !scheme.isEmpty,
            !scriptSchemes.contains(scheme), url.fragment == nil
        else { return false }
        return scheme == "http" || scheme == "https" ? url.host?.isEmpty == false : true
    }

    /// Whether an app's web site may be registered: an absolute `http(s)` URL with a host, the only kind the
    /// consent page shows as a link.
    static func isWebsite(_ text: String) -> Bool {
        guard text.count <= maxURI, let url = URL(string: text), let scheme = url.scheme?.lowercased() else { return false }
        return (scheme == "http" || scheme == "https") && url.host?.isEmpty == false
    }

    /// Schemes that run script, or read what is in the browser or on the machine, wherever a browser follows them.
    static let scriptSchemes: Set<String> = ["javascript", "vbscript", "data", "blob", "file", "filesystem", "about", "view-source", "jar"]

    /// The PKCE S256 transform: base64url of the verifier's SHA-256, without padding.
    static func s256(_ verifier: String) -> String {
        Data(SHA256.hash(data: Data(verifier.utf8))).base64URLEncoded
    }

    /// Compares two secrets' digests in time that does not depend on where they differ.
    static func same(_ left: String, _ right: String) -> Bool {
        let (a, b) = (Array(left.utf8), Array(right.utf8))
        guard a.count == b.count else { return false }
        return zip(a, b).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }
}

/// An app just registered, with the secret it is told once.
public struct RegisteredApp: Sendable {
    /// The app.
    public let app: OAuthApp
    /// Its `client_secret`; only its hash is kept.
    public let clientSecret: String
}

/// What an app asked the consent page for, checked.
public struct AuthorizationRequest: Sendable {
    /// The app.
    public let app: OAuthApp
    /// Where the code goes.
    public let redirectURI: String
    /// What it asks for.
    public let scopes: OAuthScopes
    /// Its PKCE challenge, if it sent one.
    public let codeChallenge: String?

    /// The app's web site, when it is one a page may link to (an app registered before the rules on schemes were
    /// kept may hold another).
    public var linkableWebsite: String? {
        app.website.flatMap { OAuthService.isWebsite($0) ? $0 : nil }
    }
}

/// A token just issued.
public struct IssuedToken: Sendable {
    /// The bearer token; only its hash is kept.
    public let token: String
    /// What it may do.
    public let scopes: OAuthScopes
    /// When it was made.
    public let createdAt: Date
}
