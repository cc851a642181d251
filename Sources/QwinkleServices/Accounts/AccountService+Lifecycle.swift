import Foundation
import QwinkleKit
import QwinkleStorage

extension AccountService {
    /// How stale a session's last use may grow before a request records a new one: often enough to tell a person
    /// which of their sessions is in use, rarely enough that reading is not a write.
    static let lastUseGranularity: TimeInterval = 5 * 60

    /// The account's sessions, most recently used first, the one of `token` marked current.
    public func sessions(of account: Account, token: String?) async throws -> [LoginSession] {
        try await storage.sessions(of: account.id, currentTokenHash: token.map(TokenIssuer.hash))
    }

    /// Ends one of the account's other sessions (its live timelines end too); someone else's session is `notFound`.
    /// The session of `token`, the one asking, is a `conflict`: that is logging out, which has its own request.
    public func endSession(_ id: String, of account: Account, token: String?) async throws {
        if let token, let current = try await sessions(of: account, token: token).first(where: \.isCurrent), current.id.rawValue == id {
            throw ServiceError.conflict(code: "current_session", message: "That is the session you are using: log out to end it.")
        }
        guard let sessionID = LoginSession.ID(rawValue: id), let hash = try await storage.deleteSession(sessionID, of: account.id) else {
            throw ServiceError.notFound("The session \(id)")
        }
        context.events.publish(.signedOut(tokenHash: hash))
    }

    /// Changes the password, given the current one, and ends every other session, so whoever else knew the old
    /// password is signed out everywhere; the session of `keepingToken` stays signed in.
    public func changePassword(
        of account: Account, current: String?, new: SetPasswordValidator.Input, keepingToken token: String?
    ) async throws {
        let errors = SetPasswordValidator().validateFields(new).submissionErrors
        var fields: [String: [String]] = [:]
        if let reasons = errors[.password] { fields["new_password"] = reasons.map(\.message) }
        if let reasons = errors[.confirmation] { fields["new_password_confirmation"] = reasons.map(\.message) }
        try await requirePassword(current, of: account, field: "current_password", alongside: fields)
        guard let password = new.password else { throw ServiceError.invalid(field: "new_password", ValidationReason.required.message) }
        let hash = try await passwords.hash(password)
        let ended = try await storage.changePasswordHash(of: account.id, to: hash, keepingTokenHash: token.map(TokenIssuer.hash))
        for hash in ended { context.events.publish(.signedOut(tokenHash: hash)) }
    }

    /// Deletes the account, given its password: everything it wrote and uploaded, its follows and journal grants,
    /// and every session. Its messages stay in others' conversations, from a deleted account; its username is free.
    /// Other servers that know it (federation) are sent a `Delete` of its actor.
    public func deleteAccount(_ account: Account, password: String?) async throws {
        try await requirePassword(password, of: account, field: "password")
        // Servers that know it are told it is gone, by deliveries queued with the deletion itself.
        let farewells = try await context.remote?.farewells(of: account) ?? []
        guard let deleted = try await storage.deleteAccount(id: account.id, farewells: farewells, at: context.clock.now()) else {
            throw ServiceError.notFound("The account @\(account.username)")
        }
        for hash in deleted.tokenHashes { context.events.publish(.signedOut(tokenHash: hash)) }
        // The files go after the commit: a crash between leaves unused bytes behind, never a record without them.
        try await photos.removeUnused(sha256: deleted.photoHashes)
    }

    /// Checks the account's password; a missing or wrong one is reported in `field`, with `fields` already found.
    private func requirePassword(_ password: String?, of account: Account, field: String, alongside fields: [String: [String]] = [:]) async throws {
        var fields = fields
        if let password, !password.isEmpty {
            let credentials = try await storage.credentials(username: account.username)
            if try await !passwords.verify(password, against: credentials?.passwordHash) {
                fields[field] = ["The password is wrong."]
            }
        } else {
            fields[field] = [ValidationReason.required.message]
        }
        guard fields.isEmpty else { throw ServiceError.invalid(fields) }
    }
}
