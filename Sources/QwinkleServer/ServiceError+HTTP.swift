import HTTPTypes
import QwinkleServices

extension ServiceError {
    /// The status every front door answers this refusal with (the API's JSON error, the web app's page): the one
    /// translation of the services' reasons into HTTP.
    var httpStatus: HTTPResponse.Status {
        switch self {
        case .notSignedIn: .unauthorized
        case .notFound: .notFound
        case .forbidden: .forbidden
        case .invalid, .unprocessable: .unprocessableContent
        case .conflict: .conflict
        case .badRequest: .badRequest
        case .tooLarge: .contentTooLarge
        case .unsupportedMediaType: .unsupportedMediaType
        }
    }

    /// The stable code a program reads: the service's own where it names one, else one per kind of refusal.
    var code: String {
        switch self {
        case .notSignedIn: "unauthorized"
        case .notFound: "not_found"
        case .forbidden: "forbidden"
        case .invalid: "validation_failed"
        case .conflict(let code, _), .unprocessable(let code, _): code
        case .badRequest: "bad_request"
        case .tooLarge: "too_large"
        case .unsupportedMediaType: "unsupported_media_type"
        }
    }

    /// The sentence a person reads.
    var message: String {
        switch self {
        case .notFound(let what): "\(what) was not found."
        case .notSignedIn(let message), .forbidden(let message), .invalid(_, let message), .conflict(_, let message),
            .badRequest(let message), .tooLarge(let message), .unsupportedMediaType(let message), .unprocessable(_, let message):
            message
        }
    }
}
