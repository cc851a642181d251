import Foundation
import QwinkleKit
import QwinkleStorage

extension QwinkleAPI {
    func createSession(_ input: Operations.CreateSession.Input) async throws -> Operations.CreateSession.Output {
        guard case .json(let request) = input.body else { throw APIError.badRequest("Send the username and password as JSON.") }
        var missing: [String: [String]] = [:]
        if (request.username ?? "").isEmpty { missing["username"] = [ValidationReason.required.message] }
        if (request.password ?? "").isEmpty { missing["password"] = [ValidationReason.required.message] }
        guard missing.isEmpty, let username = request.username, let password = request.password else {
            throw APIError.invalid(missing)
        }
        let credentials = try await storage.credentials(username: username)
        guard try await passwords.verify(password, against: credentials?.passwordHash), let account = credentials?.account else {
            throw APIError.unauthorized("Wrong username or password.")
        }
        let token = try await issueToken(for: account)
        return .created(.init(body: .json(.init(account: .init(account), token: token))))
    }

    func deleteCurrentSession(_ input: Operations.DeleteCurrentSession.Input) async throws -> Operations.DeleteCurrentSession.Output {
        _ = try await signedInAccount()
        if let token = RequestCredentials.bearerToken {
            try await storage.deleteToken(hash: TokenIssuer.hash(token))
        }
        return .noContent(.init())
    }

    /// A new token for the account; only its hash is stored.
    func issueToken(for account: Account) async throws -> String {
        let token = TokenIssuer.makeToken()
        try await storage.storeToken(hash: TokenIssuer.hash(token), for: account.id, createdAt: now())
        return token
    }
}
