import Foundation
import Hummingbird
import NIOCore

/// An error as Mastodon answers it, `{"error": "…"}` with the same status, which every Mastodon app reads.
public struct MastodonError: HTTPResponseError, Sendable {
    /// The status.
    public var status: HTTPResponse.Status
    /// The sentence apps show.
    public var message: String
    /// Extra headers, such as `WWW-Authenticate` or `Retry-After`.
    public var headers: HTTPFields

    /// An error of `status` saying `message`.
    public init(status: HTTPResponse.Status, message: String, headers: HTTPFields = [:]) {
        self.status = status
        self.message = message
        self.headers = headers
    }

    /// The JSON body with its status and headers.
    public func response(from request: Request, context: some RequestContext) throws -> Response {
        var headers = headers
        headers[.contentType] = "application/json; charset=utf-8"
        let body = (try? JSONEncoder().encode(["error": message])) ?? Data(#"{"error":"The request failed."}"#.utf8)
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
    }
}
