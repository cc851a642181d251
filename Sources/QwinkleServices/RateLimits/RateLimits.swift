import QwinkleKit
import QwinkleStorage

/// The limits a server applies, by kind of request. The defaults are Mastodon's published ones; a JSON file
/// (`qwinkle serve --rate-limits FILE`) may change any of them, and a limit of 0 turns one off.
public struct RateLimits: Hashable, Sendable, Codable {
    /// Requests with a token or session, per token.
    public var authenticated = RateLimit(limit: 300, period: 5 * 60)
    /// Requests without one (or with one that is refused), per client address; IPv6 addresses count per /64.
    public var unauthenticated = RateLimit(limit: 300, period: 5 * 60)
    /// Sign-ups, per client address.
    public var signUp = RateLimit(limit: 5, period: 30 * 60)
    /// Log-in attempts, per client address.
    public var logIn = RateLimit(limit: 25, period: 5 * 60)
    /// Log-in attempts, per username, wherever they come from.
    public var logInPerUsername = RateLimit(limit: 25, period: 60 * 60)
    /// Photo uploads, per token.
    public var photoUploads = RateLimit(limit: 30, period: 30 * 60)
    /// Activities delivered to the inboxes (federation): per sending address before the signature is checked, then
    /// per server whose key signed it. Generous, since one busy server delivers for all of its people.
    public var inbox = RateLimit(limit: 3_000, period: 5 * 60)

    /// Mastodon's limits.
    public init() {}

    /// No limits at all.
    public static let off: RateLimits = {
        let none = RateLimit(limit: 0, period: 0)
        var limits = RateLimits()
        (limits.authenticated, limits.unauthenticated, limits.signUp) = (none, none, none)
        (limits.logIn, limits.logInPerUsername, limits.photoUploads, limits.inbox) = (none, none, none, none)
        return limits
    }()

    enum CodingKeys: String, CodingKey {
        case authenticated, unauthenticated
        case signUp = "sign_up"
        case logIn = "log_in"
        case logInPerUsername = "log_in_per_username"
        case photoUploads = "photo_uploads"
        case inbox
    }

    /// Reads limits from JSON; a kind the file leaves out keeps its default, and an unknown one is an error.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let unknown = try decoder.container(keyedBy: NamedCodingKey.self).allKeys.map(\.stringValue).filter { CodingKeys(rawValue: $0) == nil }
        if let name = unknown.first {
            throw DecodingError.dataCorrupted(.init(codingPath: [NamedCodingKey(name)], debugDescription: "\(name) is not a kind of limit."))
        }
        self.init()
        authenticated = try container.decodeIfPresent(RateLimit.self, forKey: .authenticated) ?? authenticated
        unauthenticated = try container.decodeIfPresent(RateLimit.self, forKey: .unauthenticated) ?? unauthenticated
        signUp = try container.decodeIfPresent(RateLimit.self, forKey: .signUp) ?? signUp
        logIn = try container.decodeIfPresent(RateLimit.self, forKey: .logIn) ?? logIn
        logInPerUsername = try container.decodeIfPresent(RateLimit.self, forKey: .logInPerUsername) ?? logInPerUsername
        photoUploads = try container.decodeIfPresent(RateLimit.self, forKey: .photoUploads) ?? photoUploads
        inbox = try container.decodeIfPresent(RateLimit.self, forKey: .inbox) ?? inbox
    }
}
