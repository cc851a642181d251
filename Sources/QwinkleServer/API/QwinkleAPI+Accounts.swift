import Foundation
import QwinkleAPITypes
import QwinkleKit
import QwinkleServices

extension QwinkleAPI {
    func createAccount(_ input: Operations.CreateAccount.Input) async throws -> Operations.CreateAccount.Output {
        guard case .json(let request) = input.body else { throw ServiceError.badRequest("Send the sign-up form as JSON.") }
        let signedIn = try await services.accounts.signUp(SignUpForm(
            username: request.username, email: request.email, password: request.password, passwordConfirmation: request.passwordConfirmation
        ))
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
        let edit = ProfileEdit(displayName: request.displayName, bio: request.bio, avatar: request.avatar, favoriteCreature: creature)
        return .ok(.init(body: .json(try .init(try await services.accounts.updateProfile(of: account, edit)))))
    }

    func getAccount(_ input: Operations.GetAccount.Input) async throws -> Operations.GetAccount.Output {
        .ok(.init(body: .json(try .init(try await services.accounts.account(username: input.path.username)))))
    }
}
