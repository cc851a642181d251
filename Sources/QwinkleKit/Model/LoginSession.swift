import Foundation

/// One place an account is signed in (a browser, the CLI, the terminal app), as its owner sees it in a list of
/// sessions to keep or end. The token itself is never part of it.
public struct LoginSession: Hashable, Sendable, Codable, Identifiable {
    /// The identifier of a session.
    public typealias ID = Identifier<LoginSession>

    /// The session's identifier, for ending it.
    public var id: ID
    /// What signed in, as it named itself (a browser's or the CLI's `User-Agent`); empty when it did not say.
    public var client: String
    /// When the session began.
    public var createdAt: Date
    /// When a request last used it, to within a few minutes.
    public var lastUsedAt: Date
    /// Whether it is the session asking.
    public var isCurrent: Bool
    /// For an app signed in through OAuth (a Mastodon app), what it was granted; `nil` for a sign-in of Qwinkle's
    /// own clients, which may do anything the account may.
    public var appScopes: OAuthScopes?

    /// Describes a session.
    public init(id: ID, client: String, createdAt: Date, lastUsedAt: Date, isCurrent: Bool, appScopes: OAuthScopes? = nil) {
        self.id = id
        self.client = client
        self.createdAt = createdAt
        self.lastUsedAt = lastUsedAt
        self.isCurrent = isCurrent
        self.appScopes = appScopes
    }

    enum CodingKeys: String, CodingKey {
        case id
        case client
        case createdAt = "created_at"
        case lastUsedAt = "last_used_at"
        case isCurrent = "current"
        case appScopes = "app_scopes"
    }
}
