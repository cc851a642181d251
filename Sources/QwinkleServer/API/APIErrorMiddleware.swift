import Foundation
import HTTPTypes
import OpenAPIRuntime
import QwinkleAPITypes
import QwinkleKit
import QwinkleServices
import QwinkleStorage

/// Turns what an operation throws into the API's JSON errors: `APIError`s as they are, a request the generated
/// code could not read as 400 or 422 with the field at fault, and the runtime's own client errors with their status.
/// Anything else is a fault of the server and goes on to be logged and answered 500.
struct APIErrorMiddleware: ServerMiddleware {
    /// The media types each operation's body may be sent as, by operation ID, for a 415 to name them all.
    let acceptedTypes: [String: [String]]

    /// Names the accepted types the contract lists, and the archive upload's `application/json` besides.
    init(requestContentTypes: [String: [String]]) {
        var types = requestContentTypes
        types[ArchiveUploadTypeMiddleware<QwinkleRequestContext>.operationID, default: []]
            .append(ArchiveUploadTypeMiddleware<QwinkleRequestContext>.alsoAccepted)
        acceptedTypes = types
    }

    func intercept(
        _ request: HTTPRequest,
        body: HTTPBody?,
        metadata: ServerRequestMetadata,
        operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        do {
            return try await next(request, body, metadata)
        } catch let error as ServerError {
            // Answer here: an error thrown from a middleware would be wrapped once more by the runtime.
            guard var apiError = APIError(serverError: error) else { throw error }
            if apiError.status == .unsupportedMediaType, !(error.underlyingError is ServiceError), let accepted = acceptedTypes[operationID] {
                // The runtime's own message names only the first type the contract lists.
                apiError.message = Self.unsupportedType(request.headerFields[.contentType], accepted: accepted)
            }
            return (HTTPResponse(status: apiError.status, headerFields: apiError.httpHeaderFields), apiError.httpBody)
        }
    }
}

extension APIErrorMiddleware {
    /// A 415's message: every type the operation takes, and the one sent.
    static func unsupportedType(_ sent: String?, accepted: [String]) -> String {
        let list = accepted.count > 1 ? accepted.dropLast().joined(separator: ", ") + " or " + (accepted.last ?? "") : accepted.joined()
        let received = sent.map { "not \($0)" } ?? "and this request names no Content-Type"
        return "The body must be sent as \(list), \(received)."
    }
}

extension APIError {
    /// The client's share of an operation's failure, or `nil` when the server is at fault.
    init?(serverError error: ServerError) {
        switch error.underlyingError {
        case let apiError as APIError:
            self = apiError
        case let serviceError as ServiceError:
            self = APIError(serviceError)
        case DecodingError.dataCorrupted(let context) where context.codingPath.isEmpty && [.get, .head].contains(error.request.method):
            // A read has no body, so what could not be read is a query parameter: a value outside its enum.
            self = APIError(
                status: .unprocessableContent, code: "validation_failed",
                message: "A parameter has a value the contract does not allow; it lists the values each parameter takes."
            )
        case let decoding as DecodingError:
            self = APIError(decoding: decoding)
        case let time as RFC3339Transcoder.Invalid:
            // The transcoder reads a body's times (`scheduled_at`) outside the JSON decoder, so no field is named.
            self = APIError(status: .unprocessableContent, code: "validation_failed", message: time.description)
        case StorageError.usernameTaken(let username):
            self = .conflict("username_taken", "The username \(username) is taken; try another.")
        case StorageError.notFound(let what):
            self = .notFound(what)
        case StorageError.unavailable(let why):
            self = .unavailable(why)
        case StorageError.full(let what):
            self = .full(what)
        default:
            guard (400..<500).contains(error.httpStatus.code) else { return nil }
            self = APIError(status: error.httpStatus, code: Self.code(for: error.httpStatus), message: error.causeDescription)
        }
    }

    /// A body the generated code could not decode: not JSON at all is 400; a value of the wrong type, a missing
    /// field or an unknown spelling is 422 naming the field (`dream.creature`, `photos.0.id`).
    init(decoding error: DecodingError) {
        switch error {
        case .dataCorrupted(let context) where context.codingPath.isEmpty:
            self = .badRequest("The body is not valid JSON.")
        case .dataCorrupted(let context) where context.debugDescription.hasPrefix("Additional properties are disabled"):
            // Named in the message, not as a field to fix: the field is not one of the form's.
            self = APIError(
                status: .unprocessableContent, code: "unknown_field",
                message: "The body has a field the contract does not name: \(Self.fieldName(context.codingPath)). Leave it out."
            )
        case .dataCorrupted(let context):
            self = .invalid(field: Self.fieldName(context.codingPath), Self.allowedValues(for: context.codingPath))
        case .keyNotFound(let key, let context):
            self = .invalid(field: Self.fieldName(context.codingPath + [key]), ValidationReason.required.message)
        case .typeMismatch(let type, let context), .valueNotFound(let type, let context):
            if context.codingPath.isEmpty {
                // The runtime names no field for a query or header parameter it could not read.
                self = APIError(
                    status: .unprocessableContent, code: "validation_failed",
                    message: "A parameter has a value of the wrong type: expected \(Self.describe(type))."
                )
            } else {
                self = .invalid(field: Self.fieldName(context.codingPath), "Expected \(Self.describe(type)).")
            }
        @unknown default:
            self = .badRequest("The body could not be read.")
        }
    }

    private static func fieldName(_ path: [any CodingKey]) -> String {
        path.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
    }

    /// What a field with a fixed set of spellings accepts, named from its key.
    private static func allowedValues(for path: [any CodingKey]) -> String {
        let key = path.last { $0.intValue == nil }?.stringValue ?? ""
        let allowed: [String] = switch key {
        case "kind": Entry.Kind.Name.allCases.map(\.rawValue)
        case "visibility": Visibility.allCases.map(\.rawValue)
        case "creature": Creature.allCases.map(\.rawValue)
        case "favorite_creature": Creature.allCases.map(\.rawValue) + ["none"]
        case "effects": DreamEffect.allCases.map(\.rawValue)
        default: []
        }
        return allowed.isEmpty ? "This value is not allowed here." : "Must be one of: \(allowed.joined(separator: ", "))."
    }

    private static func describe(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Int.Type, is Int64.Type: "an integer"
        case is Bool.Type: "true or false"
        case is Date.Type: "an RFC 3339 time"
        default: "a value of another type"
        }
    }
}
