import AsyncHTTPClient
import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import NIOHTTP1
import QwinkleTestSupport
import Testing

/// A `text/event-stream` response of a live test server, read frame by frame as the frames arrive.
///
/// Reads wait for the server, so a test reads inside `withTimeout`: a frame that never comes fails the test,
/// naming the frame, instead of hanging the suite.
struct EventStream {
    /// One event; `data` holds its `data:` lines joined with line feeds.
    struct Event: Equatable, Sendable {
        /// The `id:` field, if it has one.
        var id: String?
        /// The `event:` field, if it has one.
        var name: String?
        /// The `data:` lines.
        var data: String

        /// The data parsed as JSON (null when it is not JSON).
        var json: JSON { (try? JSON(data: Data(data.utf8))) ?? .null }
    }

    /// One frame: an event, or a comment line.
    enum Frame: Equatable, Sendable {
        /// An event.
        case event(Event)
        /// A comment's text, without its colon.
        case comment(String)
    }

    /// What the stream's end or a missing frame is reported as.
    struct Ended: Error, CustomStringConvertible {
        /// What the test was waiting for.
        let waitingFor: String
        var description: String { "The stream ended while waiting for \(waitingFor)." }
    }

    /// The path the stream was opened on, for reports of what a test waited for.
    let path: String
    /// The response's status.
    let status: HTTPResponse.Status
    /// The response's headers.
    let headers: HTTPFields
    /// The body, read as it arrives.
    private var body: HTTPClientResponse.Body.AsyncIterator
    /// Bytes read but not yet parsed into a frame.
    private var pending: [UInt8] = []

    /// Opens `path` on the server listening on `port`.
    static func open(port: Int, path: String, token: String? = nil, cookie: String? = nil, lastEventID: String? = nil) async throws -> EventStream {
        var request = HTTPClientRequest(url: "http://127.0.0.1:\(port)\(path)")
        request.headers.add(name: "Accept", value: "text/event-stream")
        if let token { request.headers.add(name: "Authorization", value: "Bearer \(token)") }
        if let cookie { request.headers.add(name: "Cookie", value: cookie) }
        if let lastEventID { request.headers.add(name: "Last-Event-ID", value: lastEventID) }
        // The timeout covers the response's head only; the body is read for as long as the stream is open.
        waitingFor("the head of \(path)")
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(120))
        var headers = HTTPFields()
        for (name, value) in response.headers {
            if let name = HTTPField.Name(name) { headers.append(HTTPField(name: name, value: value)) }
        }
        return EventStream(
            path: path, status: HTTPResponse.Status(code: Int(response.status.code)), headers: headers, body: response.body.makeAsyncIterator()
        )
    }

    /// Wraps a response whose head has arrived.
    private init(path: String, status: HTTPResponse.Status, headers: HTTPFields, body: HTTPClientResponse.Body.AsyncIterator) {
        self.path = path
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The next frame, or `nil` once the server ended the stream.
    mutating func nextFrame() async throws -> Frame? {
        while true {
            if let end = pending.indices.dropLast().first(where: { pending[$0] == 0x0A && pending[$0 + 1] == 0x0A }) {
                let text = String(decoding: pending[..<end], as: UTF8.self)
                pending.removeFirst(end + 2)
                return Self.parse(text)
            }
            guard let buffer = try await body.next() else { return nil }
            pending.append(contentsOf: buffer.readableBytesView)
        }
    }

    /// The next event, past any comments; `nil` once the server ended the stream.
    mutating func nextEvent() async throws -> Event? {
        waitingFor("the next event on \(path)")
        while let frame = try await nextFrame() {
            if case .event(let event) = frame { return event }
        }
        return nil
    }

    /// Reads up to the `: live` comment, which the server sends once it is listening, and returns the events
    /// before it (those sent for `Last-Event-ID`).
    mutating func untilLive() async throws -> [Event] {
        waitingFor("`: live` on \(path)")
        var events: [Event] = []
        while let frame = try await nextFrame() {
            switch frame {
            case .comment("live"): return events
            case .comment: continue
            case .event(let event): events.append(event)
            }
        }
        throw Ended(waitingFor: "`: live`")
    }

    /// Reads events up to and including the `entry` event with this ID, and returns them all.
    mutating func events(through id: String) async throws -> [Event] {
        waitingFor("the entry \(id) on \(path)")
        var events: [Event] = []
        while let frame = try await nextFrame() {
            guard case .event(let event) = frame else { continue }
            events.append(event)
            if event.name == "entry" && event.id == id { return events }
        }
        throw Ended(waitingFor: "the entry \(id)")
    }

    /// A frame's lines: comments if they all start with a colon, otherwise an event's fields.
    private static func parse(_ text: String) -> Frame {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        if lines.allSatisfy({ $0.hasPrefix(":") }) {
            return .comment(lines.map { $0.dropFirst().drop { $0 == " " } }.joined(separator: "\n"))
        }
        var event = Event(id: nil, name: nil, data: "")
        var data: [Substring] = []
        for line in lines {
            let parts = line.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            // As the HTML standard reads a field: one space after the colon is dropped, and only one.
            let value = parts.count > 1 ? (parts[1].hasPrefix(" ") ? parts[1].dropFirst() : parts[1]) : ""
            switch parts[0] {
            case "id": event.id = String(value)
            case "event": event.name = String(value)
            case "data": data.append(value)
            default: continue
            }
        }
        event.data = data.joined(separator: "\n")
        return .event(event)
    }
}

extension APIClient {
    /// Opens an event stream of the live server this client talks to.
    func stream(_ path: String, token: String? = nil, lastEventID: String? = nil) async throws -> EventStream {
        let port = try #require(client.port, "event streams need TestServer.run(live: true)")
        return try await EventStream.open(port: port, path: path, token: token, lastEventID: lastEventID)
    }

    /// Opens a web page's stream as the browser of someone signed in with `token` would (its session cookie).
    func webStream(_ path: String, sessionToken: String? = nil, lastEventID: String? = nil) async throws -> EventStream {
        let port = try #require(client.port, "event streams need TestServer.run(live: true)")
        let cookie = sessionToken.map { "qwinkle_session=\($0)" }
        return try await EventStream.open(port: port, path: path, cookie: cookie, lastEventID: lastEventID)
    }

    /// Opens a stream and reads up to its `: live` comment, so whatever is written next reaches it.
    func liveStream(_ path: String, token: String? = nil) async throws -> EventStream {
        var stream = try await stream(path, token: token)
        _ = try await stream.untilLive()
        return stream
    }
}
