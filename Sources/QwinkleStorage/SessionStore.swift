import Foundation
import QwinkleKit

/// Bearer tokens, kept only as their SHA-256 so a copy of the database cannot be used to log in.
public protocol SessionStore: Sendable {
    /// Remembers a token's hash for an account, with the client that asked for it (as it named itself).
    func storeToken(hash: String, for account: Account.ID, createdAt: Date, client: String) async throws
    /// The account a token hash belongs to, if the token is still valid, and when the token was last used.
    func account(tokenHash: String) async throws -> (account: Account, lastUsedAt: Date)?
    /// Records that a token was used; changes nothing for an unknown token.
    func recordTokenUse(hash: String, at date: Date) async throws
    /// Revokes a token.
    func deleteToken(hash: String) async throws
    /// The account's sessions, most recently used first; the one of `currentTokenHash` is marked current.
    func sessions(of account: Account.ID, currentTokenHash: String?) async throws -> [LoginSession]
    /// Ends one of the account's sessions and returns its token's hash; `nil`, changing nothing, when the account
    /// has no such session.
    func deleteSession(_ id: LoginSession.ID, of account: Account.ID) async throws -> String?
}
