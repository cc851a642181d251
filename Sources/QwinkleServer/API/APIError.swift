import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import OpenAPIRuntime
import QwinkleKit
import QwinkleServices

/// An error answered to the client as `{"error": {"code", "message", "fields"}}` with a 4xx status
/// (or, for a fault of the server's own, 500 or 503).
struct APIError: Error, Sendable, Equatable {
    /// The HTTP status.
    var status: HTTPResponse.Status
    /// A stable name for programs, such as `not_found`.
    var code: String
    /// A sentence for people.
    var message: String
    /// Per-field messages for invalid input, keyed by the field's API name.
    var fields: [String: [String]]?
    /// Extra headers, such as `WWW-Authenticate`.
    var headers: HTTPFields = [:]

    static func badRequest(_ message: String) -> APIError {
        APIError(status: .badRequest, code: "bad_request", message: message)
    }

    static func unauthorized(_ message: String = "Log in first: send a valid token as Authorization: Bearer TOKEN.") -> APIError {
        APIError(status: .unauthorized, code: "unauthorized", message: message, headers: [.wwwAuthenticate: "Bearer"])
    }

    static func forbidden(_ message: String) -> APIError {
        APIError(status: .forbidden, code: "forbidden", message: message)
    }

    static func notFound(_ what: String) -> APIError {
        APIError(status: .notFound, code: "not_found", message: "\(what) was not found.")
    }

    static func conflict(_ code: String, _ message: String) -> APIError {
        APIError(status: .conflict, code: code, message: message)
    }

    static func tooLarge(_ message: String) -> APIError {
        APIError(status: .contentTooLarge, code: "too_large", message: message)
    }

    static func unsupportedMediaType(_ message: String) -> APIError {
        APIError(status: .unsupportedMediaType, code: "unsupported_media_type", message: message)
    }

    /// The disk is full and nothing was saved: 507, which reads are never answered.
    static func full(_ what: String) -> APIError {
        APIError(
            status: .insufficientStorage, code: "insufficient_storage",
            message: "The server's disk is full: \(what) was not saved. Try again later."
        )
    }

    /// The database cannot answer now: 503, with `Retry-After` saying when to try again.
    static func unavailable(_ why: String) -> APIError {
        APIError(
            status: .serviceUnavailable, code: "unavailable", message: "\(why) Try again in a moment.", headers: [.retryAfter: "1"]
        )
    }

    /// Invalid input, with messages for each field that is wrong.
    static func invalid(_ fields: [String: [String]], message: String? = nil) -> APIError {
        APIError(status: .unprocessableContent, code: "validation_failed", message: message ?? ServiceError.summary(of: fields), fields: fields)
    }

    /// Invalid input in one field.
    static func invalid(field: String, _ message: String) -> APIError {
        invalid([field: [message]], message: message)
    }

    /// The JSON body.
    var jsonBody: Data {
        ErrorDocument(code: code, message: message, fields: fields).json
    }
}

extension APIError: HTTPResponseConvertible {
    var httpStatus: HTTPResponse.Status { status }
    var httpHeaderFields: HTTPFields {
        var fields = headers
        fields[.contentType] = "application/json; charset=utf-8"
        return fields
    }
    var httpBody: OpenAPIRuntime.HTTPBody? { HTTPBody(jsonBody) }
}

extension APIError: HTTPResponseError {
    func response(from request: Request, context: some RequestContext) throws -> Response {
        Response(status: status, headers: httpHeaderFields, body: ResponseBody(byteBuffer: ByteBuffer(bytes: jsonBody)))
    }
}
