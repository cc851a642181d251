import Foundation
import QwinkleKit

/// Apps signed in through OAuth (the Mastodon client API's log-in): their registrations, the short-lived codes of
/// the authorization flow, and their tokens. Secrets, codes and tokens are kept only as their SHA-256, as sessions are.
///
/// A token an app gets for a person is a session of that person's (the same table, so changing the password or
/// deleting the account ends it), with the app and its scopes beside it; Qwinkle's own API does not take it.
public protocol OAuthStore: Sendable {
    /// Registers an app; the backend issues its ID.
    func registerApp(_ app: NewOAuthApp) async throws -> OAuthApp
    /// The app with this `client_id`, and its secret's hash.
    func app(clientID: String) async throws -> (app: OAuthApp, secretHash: String)?
    /// Remembers an authorization code's hash until a day after it expires (so a replay is still recognised).
    func storeAuthorizationCode(hash: String, _ code: OAuthCode) async throws
    /// Exchanges the code of this hash, once, in one write: the first time it is marked used, a token of hash
    /// `tokenHash` is stored for its account, app and scopes (created `at`), and the code is returned, whether or
    /// not the caller then accepts it; any later time, the token it gave is revoked (RFC 6749 §10.5: a code used
    /// twice was intercepted) and its hash returned.
    func redeemAuthorizationCode(hash: String, tokenHash: String, at date: Date) async throws -> CodeRedemption
    /// Remembers a token an app got: for a person's account, or, with no account, for the app itself.
    func storeAppToken(hash: String, app: OAuthApp.ID, account: Account.ID?, scopes: OAuthScopes, createdAt: Date) async throws
    /// What a token of an app grants; `nil` for a token that is not an app's (or no longer valid).
    func grant(tokenHash: String) async throws -> OAuthGrant?
    /// Revokes a token of this app; `false`, changing nothing, when the app has no such token.
    func revokeAppToken(hash: String, app: OAuthApp.ID) async throws -> Bool
}

/// An app as it registers.
public struct NewOAuthApp: Hashable, Sendable {
    /// Its public `client_id`.
    public var clientID: String
    /// The SHA-256 of its `client_secret`.
    public var secretHash: String
    /// Its name.
    public var name: String
    /// Its web site.
    public var website: String?
    /// Where codes may be sent.
    public var redirectURIs: [String]
    /// The most it may be granted.
    public var scopes: OAuthScopes
    /// When it registers.
    public var createdAt: Date

    /// Describes an app registering.
    public init(
        clientID: String, secretHash: String, name: String, website: String?, redirectURIs: [String], scopes: OAuthScopes, createdAt: Date
    ) {
        self.clientID = clientID
        self.secretHash = secretHash
        self.name = name
        self.website = website
        self.redirectURIs = redirectURIs
        self.scopes = scopes
        self.createdAt = createdAt
    }
}

/// An authorization a person gave an app, waiting to be exchanged for a token.
public struct OAuthCode: Hashable, Sendable {
    /// The app it was given to.
    public var app: OAuthApp.ID
    /// The person who gave it.
    public var account: Account.ID
    /// The redirect it was given for; the exchange must name the same.
    public var redirectURI: String
    /// What was granted.
    public var scopes: OAuthScopes
    /// The PKCE `code_challenge` (S256), when the app sent one.
    public var codeChallenge: String?
    /// When it stops being accepted.
    public var expiresAt: Date

    /// Describes an authorization.
    public init(app: OAuthApp.ID, account: Account.ID, redirectURI: String, scopes: OAuthScopes, codeChallenge: String?, expiresAt: Date) {
        self.app = app
        self.account = account
        self.redirectURI = redirectURI
        self.scopes = scopes
        self.codeChallenge = codeChallenge
        self.expiresAt = expiresAt
    }
}

/// What exchanging an authorization code did.
public enum CodeRedemption: Hashable, Sendable {
    /// The code was unused: it is used now, and the token was stored.
    case redeemed(OAuthCode)
    /// The code was used before: the token it gave is revoked (its hash, when it still existed).
    case replayed(revokedTokenHash: String?)
    /// No such code.
    case unknown
}

/// What an app's token grants.
public struct OAuthGrant: Hashable, Sendable {
    /// The app.
    public var app: OAuthApp
    /// The person it acts for; `nil` for the app's own token (`client_credentials`).
    public var account: Account?
    /// What it may do.
    public var scopes: OAuthScopes
    /// When it was last used, to within a few minutes; `nil` for the app's own token, whose use is not recorded.
    public var lastUsedAt: Date?

    /// Describes a grant.
    public init(app: OAuthApp, account: Account?, scopes: OAuthScopes, lastUsedAt: Date?) {
        self.app = app
        self.account = account
        self.scopes = scopes
        self.lastUsedAt = lastUsedAt
    }
}
