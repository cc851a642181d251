import Foundation
import QwinkleKit
import QwinkleStorage

extension QwinkleAPI {
    func validateSignUp(_ input: Operations.ValidateSignUp.Input) async throws -> Operations.ValidateSignUp.Output {
        guard case .json(let request) = input.body else { throw APIError.badRequest("Send the sign-up form as JSON.") }
        let form = SignUpForm(
            username: request.username, email: request.email, password: request.password,
            passwordConfirmation: request.passwordConfirmation
        )
        let fields = SignUpValidator().validateFields(form)
        // Only the server knows which names are taken; say so while the person is still on the form.
        var taken = false
        if fields[.username].isValid, let name = form.username {
            taken = try await storage.account(username: name) != nil
        }
        let username: Components.Schemas.FieldValidation = taken
            ? .init(state: .invalid, messages: ["The username \(form.username ?? "") is taken; try another."])
            : .init(fields[.username])
        return .ok(.init(body: .json(.init(
            submittable: fields.isSubmittable && !taken,
            fields: .init(
                username: username,
                email: .init(fields[.email]),
                password: .init(fields[.password]),
                passwordConfirmation: .init(fields[.passwordConfirmation])
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
