import Foundation
import HTTPTypes
import OpenAPIRuntime

/// The credentials a request carries, made available to the API handlers for the request's duration.
///
/// The generated handlers receive only their operation's declared inputs, so the bearer token travels
/// beside them in a task-local value, set by `CredentialsMiddleware` for exactly one request.
enum RequestCredentials {
    /// The request's bearer token, if it sent one.
    @TaskLocal static var bearerToken: String?
}

/// Reads `Authorization: Bearer TOKEN` and binds it to `RequestCredentials.bearerToken` for the handler.
struct CredentialsMiddleware: ServerMiddleware {
    func intercept(
        _ request: HTTPRequest,
        body: HTTPBody?,
        metadata: ServerRequestMetadata,
        operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        try await RequestCredentials.$bearerToken.withValue(Self.bearerToken(in: request.headerFields)) {
            try await next(request, body, metadata)
        }
    }

    /// The token of an `Authorization: Bearer` header; the scheme is case-insensitive as RFC 7235 says.
    static func bearerToken(in headers: HTTPFields) -> String? {
        guard let value = headers[.authorization] else { return nil }
        let parts = value.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
        let token = parts[1].trimmingCharacters(in: .whitespaces)
        return token.isEmpty ? nil : token
    }
}
