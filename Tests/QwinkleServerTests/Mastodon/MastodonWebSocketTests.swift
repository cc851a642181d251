import Foundation
import HTTPTypes
import HummingbirdTesting
import HummingbirdWSClient
import Logging
import NIOWebSocket
import QwinkleTestSupport
import Testing

/// Mastodon's streaming API over its WebSocket, spoken to by a real WebSocket client on a live server.
@Suite("Mastodon API: the streaming WebSocket", .serialized, .timeLimit(.minutes(10)))
struct MastodonWebSocketTests {
    static let logger: Logger = {
        var logger = Logger(label: "qwinkle-tests-websocket")
        logger.logLevel = .critical
        return logger
    }()

    /// A subscription to a stream that does not exist: its error frame comes back after every command sent before
    /// it has been acted on, which Mastodon's protocol otherwise never confirms.
    static let probe = #"{"type": "subscribe", "stream": "no-such-stream"}"#

    /// The next text frame, parsed.
    static func next(_ frames: inout WebSocketInboundMessageStream.AsyncIterator) async throws -> JSON {
        while let message = try await frames.next() {
            if case .text(let text) = message { return try JSON(data: Data(text.utf8)) }
        }
        throw EventStream.Ended(waitingFor: "a WebSocket frame")
    }

    /// Reads frames up to the probe's error.
    static func untilProbed(_ frames: inout WebSocketInboundMessageStream.AsyncIterator) async throws -> [JSON] {
        var before: [JSON] = []
        while true {
            let frame = try await next(&frames)
            if frame["error"].string != nil, frame["status"].int == 400 { return before }
            before.append(frame)
        }
    }

    /// Connects to the streaming WebSocket with `token` as the `Sec-WebSocket-Protocol`, subscribes to `user`, and
    /// once the server has acted on that runs `body` with the frames still to come; what the server closed with.
    @discardableResult
    static func subscribedToUser(
        _ api: APIClient, token: String,
        _ body: @escaping @Sendable (inout WebSocketInboundMessageStream.AsyncIterator, WebSocketOutboundWriter) async throws -> Void
    ) async throws -> WebSocketCloseFrame? {
        let port = try #require(api.client.port)
        var configuration = WebSocketClientConfiguration()
        configuration.additionalHeaders[.secWebSocketProtocol] = token
        return try await WebSocketClient.connect(
            url: "ws://127.0.0.1:\(port)/api/v1/streaming", configuration: configuration, logger: Self.logger
        ) { inbound, outbound, _ in
            var frames = inbound.messages(maxSize: 1 << 20).makeAsyncIterator()
            try await outbound.write(.text(#"{"type": "subscribe", "stream": "user"}"#))
            try await outbound.write(.text(Self.probe))
            #expect(try await Self.untilProbed(&frames).isEmpty)
            try await body(&frames, outbound)
        }
    }

    @Test("The token as Sec-WebSocket-Protocol: subscribe user gets a followed account's status; unsubscribe stops it; public follows")
    func subscribeAndUnsubscribe() async throws {
        try await StreamingTests.live { api in
            let (_, _, abeToken, maryToken) = try await MastodonAppSession.maryFollowingAbe(api)
            try await Self.subscribedToUser(api, token: maryToken) { frames, outbound in
                let posted = try await api.request(.post, "/api/v1/statuses", token: abeToken, json: #"{"status": "Heard over the socket"}"#)
                let update = try await Self.next(&frames)
                #expect(update["stream"].array.compactMap(\.string) == ["user"])
                #expect(update["event"].string == "update")
                let payload = try JSON(data: Data(try #require(update["payload"].string).utf8))
                #expect(payload["id"] == posted.json["id"])
                #expect(MastodonShape.status.problems(in: payload) == [])

                try await outbound.write(.text(#"{"type": "unsubscribe", "stream": "user"}"#))
                try await outbound.write(.text(Self.probe))
                #expect(try await Self.untilProbed(&frames).isEmpty)
                _ = try await api.request(.post, "/api/v1/statuses", token: abeToken, json: #"{"status": "Not heard"}"#)
                try await outbound.write(.text(#"{"type": "subscribe", "stream": "public"}"#))
                try await outbound.write(.text(Self.probe))
                // Anything still coming from the user stream would arrive before the probe's answer.
                #expect(try await Self.untilProbed(&frames).isEmpty)
                let heard = try await api.request(.post, "/api/v1/statuses", token: abeToken, json: #"{"status": "Heard in public"}"#)
                let next = try await Self.next(&frames)
                #expect(next["stream"].array.compactMap(\.string) == ["public"])
                #expect(try JSON(data: Data(try #require(next["payload"].string).utf8))["id"] == heard.json["id"])
                try await outbound.close(.normalClosure, reason: nil)
            }
        }
    }

    @Test("A token that is not valid is refused before the upgrade; without one, user is refused and public is open")
    func tokens() async throws {
        try await StreamingTests.live { api in
            let abe = try await api.signUp("abe")
            let port = try #require(api.client.port)
            await #expect(throws: (any Error).self) {
                try await WebSocketClient.connect(
                    url: "ws://127.0.0.1:\(port)/api/v1/streaming?access_token=not-a-token&stream=user", logger: Self.logger
                ) { _, _, _ in
                    Issue.record("the upgrade was accepted")
                }
            }
            try await WebSocketClient.connect(url: "ws://127.0.0.1:\(port)/api/v1/streaming", logger: Self.logger) { inbound, outbound, _ in
                var frames = inbound.messages(maxSize: 1 << 20).makeAsyncIterator()
                try await outbound.write(.text(#"{"type": "subscribe", "stream": "user"}"#))
                let refused = try await Self.next(&frames)
                #expect(refused["status"].int == 401)
                #expect(refused["error"].string?.isEmpty == false)
                try await outbound.write(.text(#"{"type": "subscribe", "stream": "public"}"#))
                try await outbound.write(.text(Self.probe))
                #expect(try await Self.untilProbed(&frames).isEmpty)
                _ = try await api.post("Only followers", as: abe, visibility: "followers")
                let open = try #require(try await api.post("For everyone", as: abe)["id"].string)
                let event = try await Self.next(&frames)
                #expect(try JSON(data: Data(try #require(event["payload"].string).utf8))["id"].string == open)
                try await outbound.close(.normalClosure, reason: nil)
            }
        }
    }

    /// The ways a person ends an app's token: revoking it (the app, on signing out), ending its session from their
    /// own, and changing their password.
    enum TokenEnd: String, CaseIterable, Sendable {
        case revoked, sessionEnded, passwordChanged
    }

    @Test(
        "A token that ends closes its socket: a new subscribe on it opens nothing, and a followers-only entry is not delivered",
        arguments: TokenEnd.allCases
    )
    func endedTokenClosesTheSocket(_ end: TokenEnd) async throws {
        try await StreamingTests.live { api in
            let abe = try await api.signUp("abe")
            let mary = try await api.signUp("mary")
            let app = try await MastodonAppSession.register(api)
            let maryToken = try await app.token(for: "mary")
            _ = try await api.request(.post, "/api/v1/accounts/\(abe.id)/follow", token: maryToken)
            let closed = try await withTimeout(.seconds(120), waitingFor: "the socket of an ended token to close") {
                try await Self.subscribedToUser(api, token: maryToken) { frames, outbound in
                    switch end {
                    case .revoked:
                        let revoked = try await api.request(
                            .post, "/oauth/revoke",
                            json: #"{"token": "\#(maryToken)", "client_id": "\#(app.clientID)", "client_secret": "\#(app.clientSecret)"}"#
                        )
                        #expect(revoked.status == .ok)
                    case .sessionEnded:
                        let sessions = try await api.request(.get, "/api/qwinkle/v1/accounts/me/sessions", token: mary.token)
                        // The app's session is named after the app (the consent page's web session is another).
                        let appSession = try #require(sessions.json.array.first { $0["client"].string == "Test app" }?["id"].string)
                        #expect(try await api.request(.delete, "/api/qwinkle/v1/accounts/me/sessions/\(appSession)", token: mary.token).status == .noContent)
                    case .passwordChanged:
                        let changed = try await api.request(
                            .put, "/api/qwinkle/v1/accounts/me/password", token: mary.token,
                            json: #"{"current_password": "correct horse", "new_password": "battery staple"}"#
                        )
                        #expect(changed.status == .noContent)
                    }
                    #expect(try await api.request(.get, "/api/v1/accounts/verify_credentials", token: maryToken).status == .unauthorized)
                    // What the probe did: subscribe again over the same socket (which may be closing already).
                    try? await outbound.write(.text(#"{"type": "unsubscribe", "stream": "user"}"#))
                    try? await outbound.write(.text(#"{"type": "subscribe", "stream": "user"}"#))
                    _ = try await api.post("Only for my followers", as: abe, visibility: "followers")
                    // Nothing but the close arrives: every frame before it is a refusal, never an event.
                    while let message = try await frames.next() {
                        guard case .text(let text) = message else { continue }
                        let frame = try JSON(data: Data(text.utf8))
                        if frame["event"].string != nil {
                            Issue.record("delivered after the token ended: \(text)")
                            return
                        }
                    }
                }
            }
            #expect(closed?.closeCode == .policyViolation)
        }
    }
}
