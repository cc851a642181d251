import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// Plain HTTP requests to a test server over a real socket, outside any client under test: to see what the server
/// itself serves.
public enum TestHTTP {
    /// One answer, read whole.
    public struct Response: Sendable {
        /// The status code.
        public let status: Int
        /// The headers.
        public let headers: HTTPHeaders
        /// The whole body.
        public let body: Data

        /// The first value of a header, if the answer has it.
        public func header(_ name: String) -> String? {
            headers.first(name: name)
        }

        /// The body parsed as JSON (null when it is not JSON).
        public var json: JSON { (try? JSON(data: body)) ?? .null }
    }

    /// A client that reports a refused connection at once, for a server a test has stopped. The shared one tries to
    /// connect again until the request's deadline.
    static let failingFast: HTTPClient = {
        var configuration = HTTPClient.Configuration()
        configuration.connectionPool.retryConnectionEstablishment = false
        return HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }()

    /// Sends `METHOD url`, with `Authorization: Bearer token` when a token is given, `json` as an `application/json`
    /// body, and `headers`; reads the whole answer. With `failFast`, a refused connection fails at once instead of
    /// being tried again (for a server that may be gone).
    public static func request(
        _ method: HTTPMethod, _ url: String, token: String? = nil, json: String? = nil, headers: [(String, String)] = [],
        failFast: Bool = false
    ) async throws -> Response {
        var request = HTTPClientRequest(url: url)
        request.method = method
        if let token { request.headers.add(name: "Authorization", value: "Bearer \(token)") }
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        if let json {
            request.headers.add(name: "Content-Type", value: "application/json")
            request.body = .bytes(ByteBuffer(string: json))
        }
        // Generous: it catches a server that never answers, it never judges speed.
        let response = try await (failFast ? failingFast : HTTPClient.shared).execute(request, timeout: .seconds(120))
        let body = try await response.body.collect(upTo: 64 * 1024 * 1024)
        return Response(status: Int(response.status.code), headers: response.headers, body: Data(body.readableBytesView))
    }

    /// Sends `METHOD url` with `bytes` as a body of `contentType`, and `Authorization: Bearer token` when a token
    /// is given; reads the whole answer.
    public static func request(
        _ method: HTTPMethod, _ url: String, token: String? = nil, bytes: Data, contentType: String
    ) async throws -> Response {
        var request = HTTPClientRequest(url: url)
        request.method = method
        if let token { request.headers.add(name: "Authorization", value: "Bearer \(token)") }
        request.headers.add(name: "Content-Type", value: contentType)
        request.body = .bytes(ByteBuffer(bytes: bytes))
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(120))
        let body = try await response.body.collect(upTo: 64 * 1024 * 1024)
        return Response(status: Int(response.status.code), headers: response.headers, body: Data(body.readableBytesView))
    }

    /// `GET url`, with `Authorization: Bearer token` when a token is given.
    public static func get(_ url: String, token: String? = nil) async throws -> Response {
        try await request(.GET, url, token: token)
    }
}
