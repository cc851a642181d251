import Foundation

/// An app registered to sign people in through OAuth: Mastodon's `POST /api/v1/apps`.
public struct OAuthApp: Hashable, Sendable, Identifiable {
    /// The identifier of an app.
    public typealias ID = Identifier<OAuthApp>

    /// The app's identifier.
    public var id: ID
    /// The public `client_id` it names itself by in the OAuth flow.
    public var clientID: String
    /// The name it registered, shown on the consent page and in "Apps with access".
    public var name: String
    /// Its web site, if it gave one.
    public var website: String?
    /// Where the authorization may send its code: one of these, or the out-of-band `urn:ietf:wg:oauth:2.0:oob`.
    public var redirectURIs: [String]
    /// The most it may ever be granted.
    public var scopes: OAuthScopes
    /// When it registered.
    public var createdAt: Date

    /// Describes an app.
    public init(id: ID, clientID: String, name: String, website: String?, redirectURIs: [String], scopes: OAuthScopes, createdAt: Date) {
        self.id = id
        self.clientID = clientID
        self.name = name
        self.website = website
        self.redirectURIs = redirectURIs
        self.scopes = scopes
        self.createdAt = createdAt
    }

    /// The redirect that shows the code on a page for the person to copy, for apps with no web address of their own.
    public static let outOfBand = "urn:ietf:wg:oauth:2.0:oob"
}
