/// The scopes an app asks for and is granted, as Mastodon names them: the four top-level scopes `read`, `write`,
/// `follow` and `push`, and their parts such as `read:statuses` or `write:media`.
///
/// A top-level scope holds each of its parts, so a token of `read` may do what `read:statuses` allows. A scope that is
/// not known is refused rather than quietly narrowed.
public struct OAuthScopes: Hashable, Sendable {
    /// The scopes, each once, in the order they were given.
    public let names: [String]

    /// Reads scopes separated by spaces (or `+`, as some apps send them in a query); `nil` when one is not known.
    /// No scope at all means `read`, as Mastodon defaults.
    public init?(_ text: String) {
        var names: [String] = []
        for name in text.split(whereSeparator: { $0 == " " || $0 == "+" || $0 == "\n" || $0 == "\t" }).map(String.init) {
            guard Self.known.contains(name) else { return nil }
            if !names.contains(name) { names.append(name) }
        }
        self.names = names.isEmpty ? ["read"] : names
    }

    /// The scopes as an OAuth `scope` value: names separated by one space.
    public var text: String { names.joined(separator: " ") }

    /// Whether these scopes allow what needs `scope`: the scope itself, its top-level scope, or, for the follow
    /// parts, the older `follow`. An admin scope's top is `admin:read` or `admin:write`, which `read` and `write` do
    /// not hold.
    public func allows(_ scope: String) -> Bool {
        if names.contains(scope) { return true }
        if scope.hasPrefix("admin:") {
            let parts = scope.split(separator: ":")
            return parts.count == 3 && names.contains(parts[0 ... 1].joined(separator: ":"))
        }
        guard let colon = scope.firstIndex(of: ":") else { return false }
        if names.contains(String(scope[..<colon])) { return true }
        return Self.followParts.contains(scope) && names.contains("follow")
    }

    /// Whether every scope here is allowed by `other`: an app may be granted only what it registered for.
    public func isWithin(_ other: OAuthScopes) -> Bool {
        names.allSatisfy { name in other.allows(name) || (name == "follow" && Self.followParts.allSatisfy(other.allows)) }
    }

    /// The parts the older `follow` scope stands for.
    private static let followParts: Set<String> = ["read:follows", "write:follows", "read:blocks", "write:blocks", "read:mutes", "write:mutes"]

    /// Every scope Qwinkle knows: Mastodon's, its admin scopes too (what they allow is for moderators alone).
    public static let known: Set<String> = {
        let admin = ["accounts", "reports", "domain_allows", "domain_blocks", "ip_blocks", "email_domain_blocks", "canonical_email_blocks"]
        let reads = ["accounts", "blocks", "bookmarks", "favourites", "filters", "follows", "lists", "mutes", "notifications", "search", "statuses"]
        let writes = [
            "accounts", "blocks", "bookmarks", "conversations", "favourites", "filters", "follows", "lists", "media", "mutes",
            "notifications", "reports", "statuses",
        ]
        return Set(
            ["read", "write", "follow", "push", "profile", "admin:read", "admin:write"] + reads.map { "read:\($0)" } + writes.map { "write:\($0)" }
                + admin.flatMap { ["admin:read:\($0)", "admin:write:\($0)"] }
        )
    }()
}

extension OAuthScopes: Codable {
    /// Reads the scopes from their `scope` text.
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let scopes = OAuthScopes(text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "Unknown scope in \(text)"))
        }
        self = scopes
    }

    /// Writes the scopes as their `scope` text.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(text)
    }
}
