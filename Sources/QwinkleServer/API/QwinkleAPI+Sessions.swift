import Foundation
import QwinkleAPITypes
import QwinkleKit
import QwinkleServices

extension QwinkleAPI {
    func createSession(_ input: Operations.CreateSession.Input) async throws -> Operations.CreateSession.Output {
        guard case .json(let request) = input.body else { throw ServiceError.badRequest("Send the username and password as JSON.") }
        let signedIn = try await services.accounts.logIn(
            username: request.username, password: request.password, client: RequestCredentials.userAgent
        )
        return .created(.init(body: .json(.init(account: try .init(signedIn.account), token: signedIn.token))))
    }

    func deleteCurrentSession(_ input: Operations.DeleteCurrentSession.Input) async throws -> Operations.DeleteCurrentSession.Output {
        _ = try await signedInAccount()
        if let token = RequestCredentials.bearerToken { try await services.accounts.logOut(token: token) }
        return .noContent(.init())
    }

    func listSessions(_ input: Operations.ListSessions.Input) async throws -> Operations.ListSessions.Output {
        let sessions = try await services.accounts.sessions(of: try await signedInAccount(), token: RequestCredentials.bearerToken)
        return .ok(.init(body: .json(sessions.map(Components.Schemas.LoginSession.init))))
    }

    func deleteSession(_ input: Operations.DeleteSession.Input) async throws -> Operations.DeleteSession.Output {
        try await services.accounts.endSession(input.path.sessionId, of: try await signedInAccount(), token: RequestCredentials.bearerToken)
        return .noContent(.init())
    }
}
