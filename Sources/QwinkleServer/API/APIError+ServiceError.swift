import HTTPTypes
import QwinkleServices

extension APIError {
    /// What a service refused, as the API answers it: the one translation from the services' reasons to statuses.
    init(_ error: ServiceError) {
        switch error {
        case .notSignedIn(let message): self = .unauthorized(message)
        case .notFound(let what): self = .notFound(what)
        case .forbidden(let message): self = .forbidden(message)
        case .invalid(let fields, let message): self = .invalid(fields, message: message)
        case .conflict(let code, let message): self = .conflict(code, message)
        case .badRequest(let message): self = .badRequest(message)
        case .tooLarge(let message): self = .tooLarge(message)
        case .unsupportedMediaType(let message): self = .unsupportedMediaType(message)
        case .unprocessable(let code, let message): self = APIError(status: .unprocessableContent, code: code, message: message)
        }
    }
}
