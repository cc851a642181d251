import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import QwinkleAPITypes
import QwinkleKit

extension APIClient {
    /// The live events of a timeline that has a stream (home, public, journal), as the server sends them; the
    /// stream ends when the connection does. A timeline without a stream (marked, bookmarks, pins, an account's, a
    /// tag's) ends at once.
    public func liveEvents(of timeline: Timeline) -> AsyncThrowingStream<LiveTimelineEvent, any Error> {
        let path: String
        switch timeline {
        case .home: path = "/api/qwinkle/v1/streaming/home"
        case .everyone: path = "/api/qwinkle/v1/streaming/public"
        case .journal: path = "/api/qwinkle/v1/streaming/journal"
        case .marked, .bookmarks, .pinned, .account, .tag: return AsyncThrowingStream { $0.finish() }
        }
        return serverSentEvents(at: path, refusal: "The live timeline was refused.") { event in try Self.liveEvent(event) }
    }

    /// Your unread notification count as the server's notification stream tells it: once when it opens, and again
    /// whenever it changes; the stream ends when the connection does.
    public func liveUnreadNotificationCounts() -> AsyncThrowingStream<Int, any Error> {
        serverSentEvents(at: "/api/qwinkle/v1/streaming/notifications", refusal: "The notification stream was refused.") { event in
            guard event.name == "unread" else { return nil }
            return try QwinkleJSON.makeDecoder().decode(Components.Schemas.UnreadCount.self, from: Data(event.data.utf8)).unreadCount
        }
    }

    /// One of the server's event streams, each event read by `read` (`nil` skips it); a refusal throws with
    /// `refusal` as its message, and the stream ends when the connection does or the consumer stops.
    private func serverSentEvents<Element: Sendable>(
        at path: String, refusal: String, read: @escaping @Sendable (ServerSentEventParser.Event) throws -> Element?
    ) -> AsyncThrowingStream<Element, any Error> {
        var request = HTTPClientRequest(url: server.url(path: path).absoluteString)
        request.headers.add(name: "Accept", value: "text/event-stream")
        if let token { request.headers.add(name: "Authorization", value: "Bearer \(token)") }
        let httpClient = httpClient
        let streamRequest = request
        return AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    let response = try await httpClient.execute(streamRequest, timeout: .hours(24 * 365))
                    guard response.status == .ok else {
                        throw QwinkleError.refused(status: Int(response.status.code), code: "stream_refused", message: refusal, fields: [:])
                    }
                    var parser = ServerSentEventParser()
                    for try await buffer in response.body {
                        for event in parser.feed(buffer.readableBytesView) {
                            if let element = try read(event) { continuation.yield(element) }
                        }
                    }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// A stream event as a live timeline event; `nil` for an event this client does not know.
    private static func liveEvent(_ event: ServerSentEventParser.Event) throws -> LiveTimelineEvent? {
        let data = Data(event.data.utf8)
        switch event.name {
        case "entry":
            let entry = try QwinkleJSON.makeDecoder().decode(Components.Schemas.Entry.self, from: data)
            return .created(try understood { try entry.model() })
        case "update":
            let entry = try QwinkleJSON.makeDecoder().decode(Components.Schemas.Entry.self, from: data)
            return .updated(try understood { try entry.model() })
        case "delete":
            let deleted = try QwinkleJSON.makeDecoder().decode(DeletedEntry.self, from: data)
            return Entry.ID(rawValue: deleted.id).map(LiveTimelineEvent.deleted)
        case "hide":
            return .hidden(authors: Set(try QwinkleJSON.makeDecoder().decode(HiddenAuthors.self, from: data).accounts))
        default: return nil
        }
    }

    /// The body of a `hide` event.
    private struct HiddenAuthors: Decodable {
        /// The usernames of the people hidden.
        var accounts: [String]
    }

    /// The body of a `delete` event.
    private struct DeletedEntry: Decodable {
        /// The deleted entry's ID.
        var id: String
    }
}
