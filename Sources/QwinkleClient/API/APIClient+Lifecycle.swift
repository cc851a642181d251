import Foundation
import QwinkleAPITypes
import QwinkleKit

extension APIClient {
    /// Where the account is signed in, most recently used first; this client's session is marked current.
    public func sessions() async throws(QwinkleError) -> [LoginSession] {
        let output = try await call { try await generated.listSessions() }
        guard case .ok(let ok) = output, case .json(let body) = ok.body else { throw unexpected(0) }
        return try understood { try body.map { session throws(WireMismatch) in try session.model() } }
    }

    /// Ends one of the account's sessions: its token stops working.
    public func endSession(_ id: LoginSession.ID) async throws(QwinkleError) {
        _ = try await call { try await generated.deleteSession(path: .init(sessionId: id.rawValue)) }
    }

    /// Changes the password; every other session of the account ends, this one stays.
    public func changePassword(current: String, new: String) async throws(QwinkleError) {
        let request = Components.Schemas.PasswordChange(currentPassword: current, newPassword: new)
        _ = try await call { try await generated.changePassword(body: .json(request)) }
    }

    /// Deletes the account for good, given its password; this client's token stops working.
    public func deleteAccount(password: String) async throws(QwinkleError) {
        _ = try await call { try await generated.deleteOwnAccount(body: .json(.init(password: password))) }
    }
}
