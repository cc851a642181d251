import Foundation
import QwinkleKit

/// The server's public origin (`https://qwinkle.example`): it names every actor and object the server federates, and
/// its host is the domain of its people's handles (`@abe@qwinkle.example`).
public struct FederationOrigin: Hashable, Sendable {
    /// `scheme://host[:port]`, without a trailing slash.
    public let base: String
    /// `host[:port]`, as in a handle.
    public let domain: String

    /// The origin of an `http` or `https` URL with a host and nothing after it but `/`; `nil` for anything else.
    public init?(_ text: String) {
        let lowered = text.lowercased()
        let scheme: String
        if lowered.hasPrefix("https://") { scheme = "https" } else if lowered.hasPrefix("http://") { scheme = "http" } else { return nil }
        var rest = Substring(lowered.dropFirst(scheme.count + 3))
        if rest.hasSuffix("/") { rest = rest.dropLast() }
        // A host, an optional port, and nothing else: no path, query, fragment or user.
        let allowed = Set("abcdefghijklmnopqrstuvwxyz0123456789.-:[]")
        guard !rest.isEmpty, rest.allSatisfy({ allowed.contains($0) }), !rest.hasPrefix(":"), !rest.hasPrefix(".") else { return nil }
        if let colon = rest.lastIndex(of: ":"), !rest.hasSuffix("]") {
            let port = rest[rest.index(after: colon)...]
            guard let number = Int(port), (1...65_535).contains(number) else { return nil }
        }
        domain = String(rest)
        base = "\(scheme)://\(rest)"
    }
}

extension FederationOrigin {
    /// An account's actor: its profile page's URL.
    public func actorURL(_ username: String) -> String {
        base + EntryHTML.profilePath(username)
    }

    /// An entry's object: its page's URL.
    public func entryURL(_ id: Entry.ID) -> String {
        base + EntryHTML.entryPath(id)
    }

    /// The entry an object of this origin is, from its URL; `nil` for any other URL.
    public func entryID(inObjectURL url: String) -> Entry.ID? {
        let prefix = base + "/entries/"
        guard url.lowercased().hasPrefix(prefix) else { return nil }
        let id = url.dropFirst(prefix.count)
        guard !id.isEmpty, id.allSatisfy(\.isNumber), let entry = Entry.ID(rawValue: String(id)), entry.integerValue != nil else { return nil }
        return entry
    }

    /// The username of an actor of this origin, from its URL (a key's URL, with its `#fragment`, names it too);
    /// `nil` for any other URL.
    public func username(inActorURL url: String) -> String? {
        let prefix = base + "/people/"
        let actor = url.prefix { $0 != "#" }
        guard actor.lowercased().hasPrefix(prefix) else { return nil }
        let name = actor.dropFirst(prefix.count)
        return name.isEmpty || name.contains("/") ? nil : String(name).removingPercentEncoding
    }
}

/// Whether the server federates: off (every endpoint of it answers 404), or on at its public origin.
public enum Federation: Hashable, Sendable {
    /// The default until a public origin is given: the server is an island.
    case off
    /// Other servers reach it at this origin. `allowsPrivateAddresses` lets it fetch from loopback and private
    /// networks, which only tests of several servers on one machine may want.
    case on(FederationOrigin, allowsPrivateAddresses: Bool = false)

    /// The origin, when on.
    public var origin: FederationOrigin? {
        if case .on(let origin, _) = self { origin } else { nil }
    }

    /// Whether remote documents may be fetched from private addresses.
    public var allowsPrivateAddresses: Bool {
        if case .on(_, let allowed) = self { allowed } else { false }
    }
}
