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

    @Test("The token as Sec-WebSocket-Protocol: subscribe user gets a followed account's status; unsubscribe stops it; public follows")
    func subscribeAndUnsubscribe() async throws {
        try await StreamingTests.live { api in
            let (_, _, abeToken, maryToken) = try await MastodonAppSession.maryFollowingAbe(api)
            let port = try #require(api.client.port)
            var configuration = WebSocketClientConfiguration()
            configuration.additionalHeaders[.secWebSocketProtocol] = maryToken

            try await WebSocketClient.connect(
                url: "ws://127.0.0.1:\(port)/api/v1/streaming", configuration: configuration, logger: Self.logger
            ) { inbound, outbound, _ in
                var frames = inbound.messages(maxSize: 1 << 20).makeAsyncIterator()
                try await outbound.write(.text(#"{"type": "subscribe", "stream": "user"}"#))
                try await outbound.write(.text(Self.probe))
                #expect(try await Self.untilProbed(&frames).isEmpty)

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
}
