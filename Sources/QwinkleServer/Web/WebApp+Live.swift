import Foundation
import HTTPTypes
import Hummingbird
import Mustache
import OpenAPIRuntime
import QwinkleKit
import QwinkleServices
import QwinkleStorage

extension WebApp {
    /// What a live article is made from: the entry as its viewer is shown it, and whether the viewer wrote it, which is
    /// all an `EntryView` takes from its viewer. Viewers alike in both share one rendering.
    struct LiveArticleKey: Hashable, Sendable {
        /// The entry, its author and the viewer's mark.
        let shown: TimelineEntry
        /// Whether the viewer wrote it.
        let mine: Bool
    }

    /// A timeline page's live events, as server-sent events: the same decisions as the API's stream, each event
    /// carrying the entry's article as the page shows it, so the page adds a new entry (`entry`) or replaces a changed
    /// one (`update`, after an edit or a restored revision) without asking the server again. The entries missed since
    /// `Last-Event-ID` come first, as the API's stream sends them.
    func liveTimeline(_ timeline: Timeline, request: Request, visit: WebVisit) async throws -> Response {
        let scope: EntryScope
        do {
            scope = try timeline.scope(visit: visit)
        } catch ServiceError.notSignedIn {
            // An event source cannot follow a redirect to the log-in page; a 401 ends its retries.
            throw Failure(status: .unauthorized, title: "Log in", message: "Log in to follow this timeline live.")
        }
        let since = try request.headers[HTTPField.Name("Last-Event-ID") ?? .accept].map(EntryEventStream.cursor(lastEventID:))
        let live = try await services.timelines.live(
            scope, account: visit.account, tokenHash: visit.token.map(TokenIssuer.hash), since: since,
            heartbeat: configuration.streamHeartbeat
        )
        let viewer = visit.account?.id
        let articles = liveArticles
        let render = { @Sendable (shown: TimelineEntry) -> String in
            articles.text(for: LiveArticleKey(shown: shown, mine: shown.entry.author == viewer)) { key in
                let view = EntryView(key.shown, viewer: key.mine ? key.shown.author : nil)
                return templates.render(view, withTemplate: "entry-article") ?? ""
            }
        }
        let opening: [EventStreamFrame] = live.missed.map { .event(Self.articleEvent($0, "entry", render)) } + [.comment("live")]
        let stream = EntryEventStream(opening: opening, subscription: live.subscription) { event in
            switch try await live.verdict(on: event) {
            case .entry(let shown): .send(Self.articleEvent(shown, "entry", render))
            case .update(let shown): .send(Self.articleEvent(shown, "update", render))
            case .remove(let id): .send(ServerSentEvent(event: "delete", data: id.rawValue))
            case .skip: .skip
            case .end: .end
            }
        }
        var headers: HTTPFields = [.contentType: "text/event-stream", .cacheControl: "no-cache"]
        if let buffering = HTTPField.Name("X-Accel-Buffering") { headers[buffering] = "no" }
        return Response(status: .ok, headers: headers, body: ResponseBody(asyncSequence: stream.map { ByteBuffer(bytes: $0) }))
    }

    /// An entry's event: its article as data, and for a new entry its ID, so `Last-Event-ID` names the last entry
    /// received.
    private static func articleEvent(_ shown: TimelineEntry, _ name: String, _ render: (TimelineEntry) -> String) -> ServerSentEvent {
        ServerSentEvent(id: name == "entry" ? shown.entry.id.rawValue : nil, event: name, data: render(shown))
    }
}
