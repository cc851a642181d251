import HTTPTypes
import Foundation
import Hummingbird
import NIOCore
import QwinkleServices
import ServiceLifecycle

extension MastodonAPI {
    /// The streaming API as server-sent events (`GET /api/v1/streaming/user` and the others), and its health check.
    func addStreamingRoutes<Context: RequestContext>(to router: Router<Context>) {
        router.get("/api/v1/streaming/health") { _, _ in
            Response(status: .ok, headers: [.contentType: "text/plain; charset=utf-8"], body: ResponseBody(byteBuffer: ByteBuffer(string: "OK")))
        }
        let paths: [(String, String)] = [
            ("user", "user"), ("user/notification", "user:notification"), ("public", "public"), ("public/local", "public:local"),
            ("public/remote", "public:remote"), ("hashtag", "hashtag"), ("hashtag/local", "hashtag:local"),
            ("direct", "direct"),
        ]
        for (path, kind) in paths {
            router.get(RouterPath("/api/v1/streaming/\(path)")) { request, _ in
                let stream = try await openStream(kind, tag: request.uri.queryParameters.get("tag"), request: request)
                return Self.eventStream(stream)
            }
        }
    }

    /// Opens a stream for a request, its refusals told as Mastodon tells them.
    func openStream(_ kind: String, tag: String?, request: Request) async throws -> MastodonStream {
        do {
            return try await MastodonStream.open(
                kind, tag: tag, caller: try await caller(request), token: MastodonCaller.token(of: request), services: services,
                mapping: mapping(request), heartbeat: streamHeartbeat
            )
        } catch let refusal as MastodonStream.Refusal {
            throw MastodonError(status: .badRequest, message: refusal.message)
        }
    }

    /// A stream as server-sent events: `event: update` and `data:` a status's JSON, and a comment as a heartbeat,
    /// until the client goes away, its token is revoked or the server shuts down.
    static func eventStream(_ stream: MastodonStream) -> Response {
        var headers: HTTPFields = [.contentType: "text/event-stream", .cacheControl: "no-cache"]
        if let buffering = HTTPField.Name("X-Accel-Buffering") { headers[buffering] = "no" }
        return Response(status: .ok, headers: headers, body: ResponseBody { writer in
            defer { stream.finish() }
            try await writer.write(ByteBuffer(string: ":)\n\n"))
            var messages = stream.subscription.messages.makeAsyncIterator()
            reading: while true {
                let subscription = stream.subscription
                let message = await withGracefulShutdownHandler {
                    await messages.next()
                } onGracefulShutdown: {
                    subscription.finish()
                }
                switch message {
                case nil: break reading
                case .heartbeat: try await writer.write(ByteBuffer(string: ":thump\n\n"))
                case .event(let event):
                    guard let events = try await stream.events(for: event) else { break reading }
                    for event in events {
                        try await writer.write(ByteBuffer(string: "event: \(event.event)\ndata: \(event.payload)\n\n"))
                    }
                }
            }
            try await writer.finish(nil)
        })
    }
}
