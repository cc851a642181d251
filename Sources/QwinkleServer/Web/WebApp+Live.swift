import Foundation
import HTTPTypes
import Hummingbird
import Mustache
import OpenAPIRuntime
import QwinkleKit
import QwinkleServices
import QwinkleStorage

extension WebApp {
    /// What a live article is made from: the entry as its viewer is shown it, whether the viewer wrote it and whether
    /// they are signed in (so may reply), which is all an `EntryView` takes from its viewer. Viewers alike in these
    /// share one rendering.
    struct LiveArticleKey: Hashable, Sendable {
        /// The entry, its author and the viewer's mark.
        let shown: TimelineEntry
        /// Whether the viewer wrote it.
        let mine: Bool
        /// Whether the viewer is signed in.
        let signedIn: Bool
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
        let live = try await services.timelines.live(
            scope, account: visit.account, tokenHash: visit.token.map(TokenIssuer.hash), since: try Self.lastEventCursor(request),
            heartbeat: configuration.streamHeartbeat
        )
        return articleStream(live, visit: visit)
    }

    /// An entry's page's live events: its whole thread's new replies, edits and deletions, as a timeline's, for the
    /// page to place each new reply under its parent (`data-parent-id`, there only when the visitor may read it).
    func liveThread(_ id: String, request: Request, visit: WebVisit) async throws -> Response {
        let live = try await services.timelines.liveThread(
            of: id, account: visit.account, tokenHash: visit.token.map(TokenIssuer.hash), since: try Self.lastEventCursor(request),
            heartbeat: configuration.streamHeartbeat
        )
        return articleStream(live, visit: visit)
    }

    /// Where a reconnecting stream goes on from, by the `Last-Event-ID` its browser sends.
    private static func lastEventCursor(_ request: Request) throws -> Int64? {
        try request.headers[HTTPField.Name("Last-Event-ID") ?? .accept].map(EntryEventStream.cursor(lastEventID:))
    }

    /// A live timeline's events as server-sent events carrying articles.
    private func articleStream(_ live: LiveTimeline, visit: WebVisit) -> Response {
        let viewer = visit.account?.id
        let signedIn = visit.account != nil
        let articles = liveArticles
        let render = { @Sendable (shown: TimelineEntry) -> String in
            articles.encoding(of: LiveArticleKey(shown: shown, mine: shown.entry.author == viewer, signedIn: signedIn)) { key in
                let view = EntryView(key.shown, viewer: key.mine ? key.shown.author : nil, signedIn: key.signedIn)
                return templates.render(view, withTemplate: "entry-article") ?? ""
            }
        }
        let opening: [EventStreamFrame] = live.missed.map { .event(Self.articleEvent($0, "entry", render)) } + [.comment("live")]
        let stream = EntryEventStream(opening: opening, subscription: live.subscription) { event in
            switch try await live.verdict(on: event) {
            case .entry(let shown): .send(Self.articleEvent(shown, "entry", render))
            case .update(let shown): .send(Self.articleEvent(shown, "update", render))
            case .remove(let id): .send(ServerSentEvent(event: "delete", data: id.rawValue))
            case .hide(let authors): .send(ServerSentEvent(event: "hide", data: authors.map(\.username).joined(separator: " ")))
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
        ServerSentEvent(id: name == "entry" ? shown.cursor.map(String.init) : nil, event: name, data: render(shown))
    }
}
