import Foundation
import QwinkleAPITypes
import QwinkleKit
import QwinkleServices

extension QwinkleAPI {
    func createSession(_ input: Operations.CreateSession.Input) async throws -> Operations.CreateSession.Output {
        guard case .json(let request) = input.body else { throw ServiceError.badRequest("Send the username and password as JSON.") }
        let signedIn = try await services.accounts.logIn(username: request.username, password: request.password)
        return .created(.init(body: .json(.init(account: try .init(signedIn.account), token: signedIn.token))))
    }

    func deleteCurrentSession(_ input: Operations.DeleteCurrentSession.Input) async throws -> Operations.DeleteCurrentSession.Output {
        _ = try await signedInAccount()
        if let token = RequestCredentials.bearerToken { try await services.accounts.logOut(token: token) }
        return .noContent(.init())
    }
}
