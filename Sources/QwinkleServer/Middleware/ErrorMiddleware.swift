import Hummingbird
import Logging
import QwinkleServices
import QwinkleStorage

/// Turns every error that reaches the router into a JSON error response: the client always gets
/// `{"error": {"code", "message"}}`, and an unexpected error is logged and answered 500 without details.
struct ErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as APIError {
            throw error
        } catch let error as HTTPError {
            throw APIError(http: error)
        } catch let error as ServiceError {
            // A route outside the generated API (the Mastodon client API's) let a service's refusal through.
            throw APIError(error)
        } catch let error as any HTTPResponseError {
            // Already a response in its own shape (Mastodon's OAuth errors).
            throw error
        } catch StorageError.unavailable(let why) {
            context.logger.warning("The database was unavailable answering \(request.method) \(request.uri.path): \(why)")
            throw APIError.unavailable(why)
        } catch StorageError.full(let what) {
            context.logger.error("The disk is full answering \(request.method) \(request.uri.path)")
            throw APIError.full(what)
        } catch {
            context.logger.error("Unexpected error answering \(request.method) \(request.uri.path): \(String(reflecting: error))")
            throw APIError.internal
        }
    }
}

extension APIError {
    /// A fault of the server's own; the details are in the log, not the response.
    static let `internal` = APIError(status: .internalServerError, code: "internal_error", message: "Something went wrong on the server.")

    /// The JSON form of one of Hummingbird's errors, such as an unknown route or a body over the limit.
    init(http error: HTTPError) {
        let message = error.body ?? (error.status.reasonPhrase.isEmpty ? "The request failed." : error.status.reasonPhrase + ".")
        self.init(status: error.status, code: Self.code(for: error.status), message: message, headers: error.headers)
    }

    /// A stable code for a status.
    static func code(for status: HTTPResponse.Status) -> String {
        switch status {
        case .badRequest: "bad_request"
        case .unauthorized: "unauthorized"
        case .forbidden: "forbidden"
        case .notFound: "not_found"
        case .methodNotAllowed: "method_not_allowed"
        case .conflict: "conflict"
        case .contentTooLarge: "too_large"
        case .unsupportedMediaType: "unsupported_media_type"
        case .unprocessableContent: "validation_failed"
        case .serviceUnavailable: "unavailable"
        default: status.code >= 500 ? "internal_error" : "request_failed"
        }
    }
}
