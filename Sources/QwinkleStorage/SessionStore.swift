import Foundation
import QwinkleKit

/// Bearer tokens, kept only as their SHA-256 so a copy of the database cannot be used to log in.
public protocol SessionStore: Sendable {
    /// Remembers a token's hash for an account.
    func storeToken(hash: String, for account: Account.ID, createdAt: Date) async throws
    /// The account a token hash belongs to, if the token is still valid.
    func account(tokenHash: String) async throws -> Account?
    /// Revokes a token.
    func deleteToken(hash: String) async throws
}
