import HTTPTypes
import Hummingbird
import NIOCore
import OpenAPIRuntime

/// Registers the generated API's operations on a Hummingbird router, answering a small body of known length in one
/// buffer.
///
/// OpenAPIHummingbird's own transport answers every body as a stream: the head is written and flushed, then the body,
/// then its end, each a hop to the connection's event loop and a `write` of its own. A body the handler already
/// holds (every JSON answer: `StreamedJSONBody`, `JSONEncoder`) is collected here into one buffer, which Hummingbird
/// writes with its head in one pass and one system call. Bodies of unknown length (event streams) or larger than
/// `collectedLimit` (photos, archives) stay streams, as they were.
struct RouterTransport<Context: RequestContext>: ServerTransport {
    /// The largest body collected into one buffer; a longer one is streamed as it comes.
    static var collectedLimit: Int64 { 1 << 20 }

    let router: Router<Context>

    func register(
        _ handler: @Sendable @escaping (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?),
        method: HTTPRequest.Method,
        path: String
    ) throws {
        router.on(RouterPath(path), method: method) { request, context in
            let (response, body) = try await handler(request.head, Self.requestBody(of: request), Self.metadata(of: context))
            return Response(status: response.status, headers: response.headerFields, body: try await Self.responseBody(body))
        }
    }

    /// The request's body as the runtime reads it, its length taken from `Content-Length`.
    private static func requestBody(of request: Request) -> HTTPBody {
        let length: HTTPBody.Length = request.headers[.contentLength].flatMap { Int64($0) }.map { .known($0) } ?? .unknown
        return HTTPBody(request.body.map { [UInt8](buffer: $0) }, length: length, iterationBehavior: .single)
    }

    /// The matched route's parameters; the first of a repeated name wins.
    private static func metadata(of context: Context) -> ServerRequestMetadata {
        var parameters: [String: Substring] = [:]
        for (name, value) in context.parameters where parameters[String(name)] == nil {
            parameters[String(name)] = value
        }
        return ServerRequestMetadata(pathParameters: parameters)
    }

    /// One buffer for a small body of known length, else the body as a stream.
    static func responseBody(_ body: HTTPBody?) async throws -> ResponseBody {
        guard let body else { return ResponseBody() }
        switch body.length {
        case .known(let length) where length <= collectedLimit:
            var collected = ByteBuffer()
            collected.reserveCapacity(Int(length))
            for try await chunk in body {
                collected.writeBytes(chunk)
            }
            return ResponseBody(byteBuffer: collected)
        case .known(let length):
            return ResponseBody(contentLength: Int(length)) { writer in
                for try await chunk in body { try await writer.write(ByteBuffer(bytes: chunk)) }
                try await writer.finish(nil)
            }
        case .unknown:
            return ResponseBody(asyncSequence: body.map { ByteBuffer(bytes: $0) })
        }
    }
}
