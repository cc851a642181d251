import Foundation
import QwinkleAPITypes
import QwinkleKit
import QwinkleServices

extension QwinkleAPI {
    func validateSignUp(_ input: Operations.ValidateSignUp.Input) async throws -> Operations.ValidateSignUp.Output {
        guard case .json(let request) = input.body else { throw ServiceError.badRequest("Send the sign-up form as JSON.") }
        let check = try await services.accounts.check(SignUpForm(
            username: request.username, email: request.email, password: request.password, passwordConfirmation: request.passwordConfirmation
        ))
        let username: Components.Schemas.FieldValidation = check.takenMessage.map { .init(state: .invalid, messages: [$0]) }
            ?? .init(check.fields[.username])
        return .ok(.init(body: .json(.init(
            submittable: check.isSubmittable,
            fields: .init(
                username: username,
                email: .init(check.fields[.email]),
                password: .init(check.fields[.password]),
                passwordConfirmation: .init(check.fields[.passwordConfirmation])
            )
        ))))
    }
}

extension Components.Schemas.FieldValidation {
    init(_ result: ValidationResult) {
        let state: StatePayload = switch result {
        case .valid: .valid
        case .incomplete: .incomplete
        case .invalid: .invalid
        }
        self.init(state: state, messages: result.reasons.map(\.message))
    }
}
