import AsyncHTTPClient
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import NIOHTTP1
import Synchronization
import Testing

/// An HTTP proxy in front of a Qwinkle server that passes every request on, except that it holds the first photo
/// download mid-way: it sends the first `holdAfter` bytes of the body and then nothing until the proxy stops.
/// A client is thereby caught with a download truly in progress, however fast the machine, and no clock decides
/// when. It records the `Range` header of every photo request, to see where a resumed download asked to start.
struct StallingProxy: Sendable {
    /// The proxy's address, to give clients in place of the server's.
    let base: String
    /// The `Range` header of each photo request, in order (`nil` for none).
    let log: RequestLog

    /// Runs `body` with a proxy in front of `upstream` (such as `http://127.0.0.1:8080`).
    static func run(upstream: String, holdAfter: Int, _ body: @Sendable (StallingProxy) async throws -> Void) async throws {
        let log = RequestLog()
        let hasHeld = Mutex(false)
        // Finished when the proxy stops, so the held response ends and the server can shut down gracefully.
        let (release, releaseContinuation) = AsyncStream<Void>.makeStream()
        let responder = CallbackResponder<BasicRequestContext> { request, _ in
            let answer = try await forward(request, to: upstream)
            guard request.method == .get, request.uri.path.hasPrefix("/api/qwinkle/v1/photos/") else {
                return Response(status: answer.status, headers: answer.headers, body: ResponseBody(byteBuffer: answer.body))
            }
            log.record(request)
            let holds = hasHeld.withLock { held in
                defer { held = true }
                return !held && answer.status == .ok && answer.body.readableBytes > holdAfter
            }
            guard holds else {
                return Response(status: answer.status, headers: answer.headers, body: ResponseBody(byteBuffer: answer.body))
            }
            var remaining = answer.body
            let head = remaining.readSlice(length: holdAfter)
            let rest = remaining
            return Response(status: answer.status, headers: answer.headers, body: ResponseBody(contentLength: answer.body.readableBytes) { writer in
                if let head { try await writer.write(head) }
                for await _ in release {}
                // The client has normally gone by now, and this write fails; a client still waiting gets the rest.
                try await writer.write(rest)
                try await writer.finish(nil)
            })
        }
        var logger = Logger(label: "stalling-proxy")
        logger.logLevel = .critical
        let app = Application(responder: responder, configuration: .init(address: .hostname("127.0.0.1", port: 0)), logger: logger)
        try await app.test(.live) { client in
            defer { releaseContinuation.finish() }
            let port = try #require(client.port)
            try await body(StallingProxy(base: "http://127.0.0.1:\(port)", log: log))
        }
    }

    /// The upstream server's answer, read whole.
    private struct Answer: Sendable {
        /// The status, passed on as it is.
        var status: HTTPResponse.Status
        /// The headers, without those of the upstream connection.
        var headers: HTTPFields
        /// The whole body.
        var body: ByteBuffer
    }

    /// Request and response headers that describe one connection or one framing, not the message.
    private static let hopByHop: Set<String> = ["connection", "keep-alive", "host", "content-length", "transfer-encoding"]

    /// Sends `request` on to `upstream` as it came, and reads the answer whole.
    private static func forward(_ request: Request, to upstream: String) async throws -> Answer {
        var outgoing = HTTPClientRequest(url: upstream + request.uri.string)
        outgoing.method = HTTPMethod(rawValue: request.method.rawValue)
        for field in request.headers where !hopByHop.contains(field.name.canonicalName) {
            outgoing.headers.add(name: field.name.rawName, value: field.value)
        }
        let body = try await request.body.collect(upTo: 64 * 1024 * 1024)
        if body.readableBytes > 0 { outgoing.body = .bytes(body) }
        let response = try await HTTPClient.shared.execute(outgoing, timeout: .seconds(60))
        var headers = HTTPFields()
        for (name, value) in response.headers where !hopByHop.contains(name.lowercased()) {
            if let fieldName = HTTPField.Name(name) { headers.append(HTTPField(name: fieldName, value: value)) }
        }
        let answer = try await response.body.collect(upTo: 64 * 1024 * 1024)
        return Answer(status: HTTPResponse.Status(code: Int(response.status.code)), headers: headers, body: answer)
    }
}
