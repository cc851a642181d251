import Foundation

extension Account {
    /// The server a person of another server lives on: their account's username is their handle, `user@host`, which
    /// no username of this server can be (`UsernameValidator` allows no `@`). `nil` for an account of this server.
    public var host: String? {
        guard let at = username.firstIndex(of: "@") else { return nil }
        return String(username[username.index(after: at)...])
    }

    /// Whether the account is one of this server's own, who can sign in, post and be delivered to.
    public var isLocal: Bool { host == nil }
}
