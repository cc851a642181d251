import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdWebSocket
import NIOCore
import NIOWebSocket
import QwinkleServices

extension MastodonAPI {
    /// A message an app sends over the streaming WebSocket.
    struct StreamCommand: Decodable {
        var type: String
        var stream: String?
        var tag: String?
    }

    /// An error told over the WebSocket, as Mastodon tells one.
    struct StreamError: Encodable {
        var error: String
        var status: Int
    }

    /// An event as Mastodon's WebSocket sends it: the payload is JSON in a string.
    struct StreamFrame: Encodable {
        var stream: [String]
        var event: String
        var payload: String
    }

    /// The streaming API over one WebSocket (`GET /api/v1/streaming`), with the token as `access_token` or the
    /// `Sec-WebSocket-Protocol`, and `subscribe`/`unsubscribe` messages (or `?stream=` to begin with one). The same
    /// streams and events as the server-sent ones.
    public func addWebSocketRoutes<Context: WebSocketRequestContext>(to router: Router<Context>) {
        router.ws("/api/v1/streaming") { request, _ in
            // A token that is not valid is refused before the upgrade, as Mastodon refuses it.
            let token = Self.webSocketToken(request)
            if let token, try await services.oauth.grant(token: token) == nil { throw HTTPError(.unauthorized) }
            var headers = HTTPFields()
            if let offered = request.headers[.secWebSocketProtocol], offered == token { headers[.secWebSocketProtocol] = offered }
            return .upgrade(headers)
        } onUpgrade: { inbound, outbound, context in
            try await serveWebSocket(request: context.request, inbound: inbound, outbound: outbound)
        }
    }

    /// The token of a WebSocket request: its `Authorization`, its `access_token`, or its `Sec-WebSocket-Protocol`.
    static func webSocketToken(_ request: Request) -> String? {
        MastodonCaller.token(of: request) ?? request.headers[.secWebSocketProtocol].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Reads the app's commands and writes every subscribed stream's events, until either side closes, or until the
    /// token it connected with ends (revoked, its session deleted, its password changed): then the socket is closed.
    /// Each `subscribe` reads the token's grant again, so no stream is ever opened with a grant that has ended.
    func serveWebSocket(request: Request, inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter) async throws {
        let token = Self.webSocketToken(request)
        // Watched before the grant is read, so that a revocation between the two is not missed.
        let revocation = token.map { TokenRevocationWatch(token: $0, events: services.context.events, heartbeat: streamHeartbeat) }
        defer { revocation?.finish() }
        let mapping = mapping(request)
        let (frames, sink) = AsyncStream<String>.makeStream(bufferingPolicy: .bufferingNewest(1_000))
        let streams = StreamTasks()
        /// Ends the socket because its token ended: no stream goes on, none starts, and the app is told why.
        let endRevoked: @Sendable () async -> Void = {
            guard await streams.end() else { return }
            sink.finish()
            // Closed before the streams are cancelled: this may run in one of them, whose cancellation would stop
            // the close from being written.
            try? await outbound.close(.policyViolation, reason: "The access token was revoked")
            await streams.cancelAll()
        }
        /// The caller as the token stands now; `nil` once the token has ended.
        let currentCaller: @Sendable () async throws -> MastodonCaller? = {
            guard let token else { return MastodonCaller(grant: nil) }
            return try await services.oauth.grant(token: token).map { MastodonCaller(grant: $0) }
        }
        guard try await currentCaller() != nil else {
            await endRevoked()
            return
        }
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                for await text in frames { try await outbound.write(.text(text)) }
            }
            if let revocation {
                group.addTask {
                    if await revocation.ended(stillValid: { (try? await currentCaller()) != nil }) { await endRevoked() }
                }
            }
            let refuse: @Sendable (String, Int) -> Void = { message, status in
                sink.yield((try? MastodonStream.text(StreamError(error: message, status: status))) ?? "")
            }
            let subscribe: @Sendable (String, String?) async -> Void = { kind, tag in
                let key = Self.streamKey(kind, tag: tag)
                do {
                    guard let caller = try await currentCaller() else { return await endRevoked() }
                    let stream = try await MastodonStream.open(
                        kind, tag: tag, caller: caller, token: token, services: services, mapping: mapping, heartbeat: streamHeartbeat
                    )
                    let started = await streams.start(key) {
                        defer { stream.finish() }
                        for await message in stream.subscription.messages {
                            guard case .event(let event) = message else { continue }
                            // `nil` when its token ended, which the revocation watch closes the socket for.
                            guard let events = try? await stream.events(for: event) else { break }
                            for event in events {
                                if let text = try? MastodonStream.text(StreamFrame(stream: event.stream, event: event.event, payload: event.payload)) {
                                    sink.yield(text)
                                }
                            }
                        }
                    }
                    if !started { stream.finish() }
                } catch let refusal as MastodonStream.Refusal {
                    refuse(refusal.message, 400)
                } catch let error as MastodonError {
                    refuse(error.message, Int(error.status.code))
                } catch {
                    refuse("The stream could not be opened", 500)
                }
            }
            if let initial = request.uri.queryParameters.get("stream") {
                await subscribe(initial, request.uri.queryParameters.get("tag"))
            }
            for try await message in inbound.messages(maxSize: 16 * 1024) {
                guard case .text(let text) = message, let command = try? JSONDecoder().decode(StreamCommand.self, from: Data(text.utf8)),
                    let kind = command.stream
                else { continue }
                switch command.type {
                case "subscribe": await subscribe(kind, command.tag)
                case "unsubscribe": await streams.stop(Self.streamKey(kind, tag: command.tag))
                default: continue
                }
            }
            _ = await streams.end()
            await streams.cancelAll()
            sink.finish()
            group.cancelAll()
        }
    }
}

extension MastodonAPI {
    /// A subscription's name: the stream, and for a hashtag's its tag, as the app names them.
    static func streamKey(_ kind: String, tag: String?) -> String {
        ([kind] + (tag.map { [$0.lowercased()] } ?? [])).joined(separator: ":")
    }
}

/// The streams one WebSocket is subscribed to, by name, each read by a task of its own.
actor StreamTasks {
    private var tasks: [String: Task<Void, Never>] = [:]
    /// Whether the socket has ended: no stream starts after that.
    private var isEnded = false

    /// Starts reading a stream unless one of that name is read already or the socket has ended; whether it started.
    func start(_ key: String, _ work: @escaping @Sendable () async -> Void) -> Bool {
        guard !isEnded, tasks[key] == nil else { return false }
        tasks[key] = Task { await work() }
        return true
    }

    /// Stops the stream of that name.
    func stop(_ key: String) {
        tasks.removeValue(forKey: key)?.cancel()
    }

    /// Lets no stream start from now on; `true` the first time, `false` once ended already.
    func end() -> Bool {
        defer { isEnded = true }
        return !isEnded
    }

    /// Stops every stream.
    func cancelAll() {
        for task in tasks.values { task.cancel() }
        tasks = [:]
    }
}
