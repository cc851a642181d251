import QwinkleKit

/// An account with a new session: the token is given to the client once, and only its hash is kept.
public struct SignedIn: Hashable, Sendable {
    /// The account.
    public var account: Account
    /// The bearer token of the new session.
    public var token: String

    /// Pairs an account with its new token.
    public init(account: Account, token: String) {
        self.account = account
        self.token = token
    }
}
