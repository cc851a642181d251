import Foundation
import QwinkleKit
import QwinkleStorage

extension QwinkleAPI {
    /// The account of the request's bearer token; a missing or unknown token is 401.
    func signedInAccount() async throws -> Account {
        guard let account = try await optionalAccount() else { throw APIError.unauthorized() }
        return account
    }

    /// The account of the request's bearer token, `nil` without one; an unknown token is 401, never anonymous,
    /// so a client with a revoked token learns it must log in again.
    func optionalAccount() async throws -> Account? {
        guard let token = RequestCredentials.bearerToken else { return nil }
        guard let account = try await storage.account(tokenHash: TokenIssuer.hash(token)) else {
            throw APIError.unauthorized("The token is not valid (it may have been revoked): log in again.")
        }
        return account
    }

    /// Who is asking, with what the read policy needs to know about them.
    func currentViewer() async throws -> Viewer {
        try await viewer(for: optionalAccount())
    }

    /// The viewer for an account (or anonymous).
    func viewer(for account: Account?) async throws -> Viewer {
        guard let account else { return .anonymous }
        return Viewer(account: account.id, relations: try await storage.relations(of: account.id))
    }

    /// The account with this username, or 404.
    func existingAccount(username: String) async throws -> Account {
        guard let account = try await storage.account(username: username) else {
            throw APIError.notFound("The account @\(username)")
        }
        return account
    }

    /// The entry with this ID if the viewer may read it; anything else is the same 404.
    func readableEntry(id: String, viewer: Viewer) async throws -> Entry {
        guard let entryID = Entry.ID(rawValue: id), entryID.integerValue != nil,
            let entry = try await storage.entry(id: entryID), ReadPolicy.canRead(entry, viewer: viewer)
        else { throw APIError.notFound("The entry \(id)") }
        return entry
    }
}
