import AsyncHTTPClient
import Foundation
import HTTPTypes
import NIOCore
import OpenAPIAsyncHTTPClient
import OpenAPIRuntime

/// The one place the HTTP transport is chosen: AsyncHTTPClient, which runs on Linux and Apple platforms alike.
/// Every failure to reach the server comes out as `QwinkleError.unreachable`, whatever the transport.
enum APITransport {
    static func make(server: ServerAddress, httpClient: HTTPClient) -> any ClientTransport {
        UnreachableMapping(
            base: AsyncHTTPClientTransport(configuration: .init(client: httpClient, timeout: .seconds(30))),
            server: server
        )
    }

    private struct UnreachableMapping: ClientTransport {
        let base: any ClientTransport
        let server: ServerAddress

        func send(_ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String) async throws -> (HTTPResponse, HTTPBody?) {
            do {
                return try await base.send(request, body: body, baseURL: baseURL, operationID: operationID)
            } catch {
                throw QwinkleError.unreachable(server: server.description, reason: Self.reason(error))
            }
        }

        static func reason(_ error: any Error) -> String {
            let text = String(describing: error)
            if text.contains("connectionRefused") || text.contains("Connection refused") { return "connection refused" }
            if text.lowercased().contains("timeout") { return "timed out" }
            return text
        }
    }
}
