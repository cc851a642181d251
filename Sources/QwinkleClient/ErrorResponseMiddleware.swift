import Foundation
import HTTPTypes
import OpenAPIRuntime
import QwinkleKit

/// Turns the server's JSON error answers (`{"error": {code, message, fields}}`) into `QwinkleError.refused`,
/// so every call reports a refusal the same way. An edit's or a draft's 409 is left to the operation: it carries the merge.
struct ErrorResponseMiddleware: ClientMiddleware {
    func intercept(
        _ request: HTTPRequest,
        body: HTTPBody?,
        baseURL: URL,
        operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        let (response, responseBody) = try await next(request, body, baseURL)
        guard response.status.code >= 400, !(["updateEntry", "updateDraft"].contains(operationID) && response.status == .conflict) else {
            return (response, responseBody)
        }
        var data = Data()
        if let responseBody { data = try await Data(collecting: responseBody, upTo: 1024 * 1024) }
        let detail = ServerErrorBody.detail(in: data)
        throw QwinkleError.refused(
            status: response.status.code,
            code: detail?.code ?? "http_\(response.status.code)",
            message: detail?.message ?? "The server answered \(response.status.code) \(response.status.reasonPhrase).",
            fields: detail?.fields ?? [:]
        )
    }
}

/// Sends the bearer token with every request that has one, and the client's name, which the server lists the
/// session under.
struct AuthorizationMiddleware: ClientMiddleware {
    let token: String?
    let clientName: String

    func intercept(
        _ request: HTTPRequest,
        body: HTTPBody?,
        baseURL: URL,
        operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        var request = request
        if let token { request.headerFields[.authorization] = "Bearer \(token)" }
        request.headerFields[.userAgent] = clientName
        return try await next(request, body, baseURL)
    }
}
