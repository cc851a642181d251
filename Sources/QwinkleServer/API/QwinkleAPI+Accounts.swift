import Foundation
import QwinkleAPITypes
import QwinkleKit
import QwinkleServices

extension QwinkleAPI {
    func createAccount(_ input: Operations.CreateAccount.Input) async throws -> Operations.CreateAccount.Output {
        guard case .json(let request) = input.body else { throw ServiceError.badRequest("Send the sign-up form as JSON.") }
        let signedIn = try await services.accounts.signUp(SignUpForm(
            username: request.username, email: request.email, password: request.password, passwordConfirmation: request.passwordConfirmation
        ), client: RequestCredentials.userAgent)
        return .created(.init(body: .json(.init(account: try .init(signedIn.account), token: signedIn.token))))
    }

    func getOwnAccount(_ input: Operations.GetOwnAccount.Input) async throws -> Operations.GetOwnAccount.Output {
        .ok(.init(body: .json(try .init(try await signedInAccount()))))
    }

    func updateOwnAccount(_ input: Operations.UpdateOwnAccount.Input) async throws -> Operations.UpdateOwnAccount.Output {
        let account = try await signedInAccount()
        guard case .json(let request) = input.body else { throw ServiceError.badRequest("Send the profile as JSON.") }
        let creature: FieldChange<Creature>? = try request.favoriteCreature.map { choice in
            choice.rawValue == "none" ? .remove : .set(try Wire.requested(Creature.self, choice.rawValue, field: "favorite_creature"))
        }
        let edit = ProfileEdit(
            displayName: request.displayName, bio: request.bio, avatar: request.avatar, favoriteCreature: creature, locked: request.locked
        )
        return .ok(.init(body: .json(try .init(try await services.accounts.updateProfile(of: account, edit)))))
    }

    func changePassword(_ input: Operations.ChangePassword.Input) async throws -> Operations.ChangePassword.Output {
        let account = try await signedInAccount()
        guard case .json(let request) = input.body else { throw ServiceError.badRequest("Send the passwords as JSON.") }
        // An API client that asks for no confirmation has typed the new password once, as it sends it.
        let new = SetPasswordValidator.Input(password: request.newPassword, confirmation: request.newPasswordConfirmation ?? request.newPassword)
        try await services.accounts.changePassword(
            of: account, current: request.currentPassword, new: new, keepingToken: RequestCredentials.bearerToken
        )
        return .noContent(.init())
    }

    func deleteOwnAccount(_ input: Operations.DeleteOwnAccount.Input) async throws -> Operations.DeleteOwnAccount.Output {
        let account = try await signedInAccount()
        guard case .json(let request) = input.body else { throw ServiceError.badRequest("Send the password as JSON.") }
        try await services.accounts.deleteAccount(account, password: request.password)
        return .noContent(.init())
    }

    func getAccount(_ input: Operations.GetAccount.Input) async throws -> Operations.GetAccount.Output {
        .ok(.init(body: .json(try .init(try await services.accounts.account(username: input.path.username)))))
    }
}
