import Foundation

/// An account an entry's text names with `@username`, as it was found when the entry was written.
public struct Mention: Hashable, Sendable, Codable {
    /// The account named.
    public var account: Account.ID
    /// Its username, as the text spells it in lowercase.
    public var username: String
    /// The server it lives on, for an account of another server (`@user@host`); `nil` for one of this server.
    public var host: String?

    /// Describes a mention.
    public init(account: Account.ID, username: String, host: String? = nil) {
        self.account = account
        self.username = username
        self.host = host
    }

    /// A mention of `account`: by its username here, or by its handle (`user@host`) split in two for an account of
    /// another server.
    public init(naming account: Account) {
        let parts = account.username.split(separator: "@", maxSplits: 1)
        if !account.isLocal, parts.count == 2 {
            self.init(account: account.id, username: String(parts[0]), host: String(parts[1]))
        } else {
            self.init(account: account.id, username: account.username)
        }
    }

    /// The name as it is written after `@`: `username`, or `username@host`.
    public var name: MentionName { MentionName(username: username, host: host) }

    enum CodingKeys: String, CodingKey {
        case account = "account_id"
        case username
        case host
    }
}

/// A name written after `@` in an entry's text: a username, and a host for an account elsewhere.
public struct MentionName: Hashable, Sendable, Comparable {
    /// The username, in lowercase (usernames are lowercase).
    public var username: String
    /// The host, in lowercase, or `nil` for this server.
    public var host: String?

    /// Describes a name.
    public init(username: String, host: String? = nil) {
        self.username = username.lowercased()
        self.host = host?.lowercased()
    }

    /// `username` or `username@host`, without the leading `@`.
    public var text: String { host.map { "\(username)@\($0)" } ?? username }

    /// Orders names by their text.
    public static func < (lhs: MentionName, rhs: MentionName) -> Bool { lhs.text < rhs.text }
}
