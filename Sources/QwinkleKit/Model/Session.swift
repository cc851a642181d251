import Foundation

/// A signed-in account and its bearer token.
public struct Session: Hashable, Sendable, Codable {
    /// The account.
    public var account: Account
    /// The token to send as `Authorization: Bearer`; the server keeps only its hash.
    public var token: String

    /// Pairs an account with its token.
    public init(account: Account, token: String) {
        self.account = account
        self.token = token
    }
}
