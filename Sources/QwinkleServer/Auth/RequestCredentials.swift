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
    /// The request's `User-Agent`, the name a new session is listed under.
    @TaskLocal static var userAgent: String = ""
    /// The address the request was sent to (`http://host:port`), which an exported archive names as its server.
    @TaskLocal static var origin: String = ""
}

/// Reads `Authorization: Bearer TOKEN` and binds it to `RequestCredentials.bearerToken` for the handler.
///
/// Without that header, the web app's session cookie stands in for the token, but only where a forged request can do
/// no harm: reads (GET and HEAD, whose answers another site cannot read), and other methods that also carry the page's
/// CSRF token in `X-CSRF-Token`. So the web app's scripts use this API as it is, and API clients keep bearer tokens.
///
/// An operation that needs a token and got none is answered 401 here, before its body is read: a client that forgot
/// to log in hears that, not what else is wrong with its request.
struct CredentialsMiddleware: ServerMiddleware {
    /// The operations that need a token, by ID.
    let tokenRequired: Set<String>

    func intercept(
        _ request: HTTPRequest,
        body: HTTPBody?,
        metadata: ServerRequestMetadata,
        operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        let token = Self.token(for: request)
        if token == nil, tokenRequired.contains(operationID) {
            let error = APIError.unauthorized()
            return (HTTPResponse(status: error.status, headerFields: error.httpHeaderFields), error.httpBody)
        }
        return try await RequestCredentials.$bearerToken.withValue(token) {
            try await RequestCredentials.$userAgent.withValue(request.headerFields[.userAgent] ?? "") {
                try await RequestCredentials.$origin.withValue(Self.origin(of: request)) {
                    try await next(request, body, metadata)
                }
            }
        }
    }

    /// The scheme and host the request names (its `Host`), as a client reached this server.
    static func origin(of request: HTTPRequest) -> String {
        "\(request.scheme ?? "http")://\(request.authority ?? "localhost")"
    }

    /// The bearer token, or else the session cookie where it may stand in for one.
    static func token(for request: HTTPRequest) -> String? {
        if let bearer = bearerToken(in: request.headerFields) { return bearer }
        let headers = request.headerFields
        guard let session = SessionCookies.value(of: SessionCookies.session, in: headers) else { return nil }
        switch request.method {
        case .get, .head: return session
        default:
            let nonce = SessionCookies.value(of: SessionCookies.csrfNonce, in: headers)
            return CSRFToken.isValid(SessionCookies.csrfToken(in: headers), nonce: nonce, session: session) ? session : nil
        }
    }

    /// The token of an `Authorization: Bearer` header; the scheme is case-insensitive as RFC 7235 says.
    static func bearerToken(in headers: HTTPFields) -> String? {
        guard let value = headers[.authorization] else { return nil }
        let parts = value.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
        // The header's optional whitespace (RFC 9110: spaces and tabs) around the token. Foundation's trimming goes
        // through `NSString` on Linux, a percent of every signed-in request.
        var token = parts[1]
        while token.first == " " || token.first == "\t" { token = token.dropFirst() }
        while token.last == " " || token.last == "\t" { token = token.dropLast() }
        return token.isEmpty ? nil : String(token)
    }
}
