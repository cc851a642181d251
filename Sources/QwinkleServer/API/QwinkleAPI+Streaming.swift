import Foundation
import OpenAPIRuntime
import QwinkleAPITypes
import QwinkleKit
import QwinkleServices
import QwinkleStorage

extension QwinkleAPI {
    func streamHomeTimeline(_ input: Operations.StreamHomeTimeline.Input) async throws -> Operations.StreamHomeTimeline.Output {
        let account = try await signedInAccount()
        return .ok(try await entryStream(.home(viewer: account.id), account: account, lastEventID: input.headers.lastEventID))
    }

    func streamPublicTimeline(_ input: Operations.StreamPublicTimeline.Input) async throws -> Operations.StreamPublicTimeline.Output {
        let account = try await optionalAccount()
        return .ok(try await entryStream(.everyonePublic, account: account, lastEventID: input.headers.lastEventID))
    }

    func streamJournalTimeline(_ input: Operations.StreamJournalTimeline.Input) async throws -> Operations.StreamJournalTimeline.Output {
        let account = try await signedInAccount()
        return .ok(try await entryStream(.journal(viewer: account.id), account: account, lastEventID: input.headers.lastEventID))
    }

    /// A live timeline as server-sent events: the entries missed since `Last-Event-ID`, `: live`, then what the
    /// timeline service decides for each event.
    private func entryStream(_ scope: EntryScope, account: Account?, lastEventID: String?) async throws -> Components.Responses.EntryStream {
        // Checked before subscribing, so a refusal leaves nothing to undo.
        let since = try lastEventID.map(EntryEventStream.cursor(lastEventID:))
        let live = try await services.timelines.live(
            scope, account: account, tokenHash: RequestCredentials.bearerToken.map(TokenIssuer.hash), since: since,
            heartbeat: configuration.streamHeartbeat
        )
        do {
            let opening = try live.missed.map { EventStreamFrame.event(try Self.entryEvent($0)) } + [.comment("live")]
            let encoded = liveEntries
            let stream = EntryEventStream(opening: opening, subscription: live.subscription) { event in
                switch try await live.verdict(on: event) {
                case .entry(let shown): .send(try Self.entryEvent(shown, cache: encoded))
                case .update(let shown): .send(ServerSentEvent(event: "update", data: try encoded.encoding(of: shown, encode: Self.entryJSON)))
                case .remove(let id): .send(ServerSentEvent(event: "delete", data: try Self.oneLineJSON(["id": id.rawValue])))
                case .hide(let authors): .send(ServerSentEvent(event: "hide", data: try Self.oneLineJSON(["accounts": authors.map(\.username)])))
                case .skip: .skip
                case .end: .end
                }
            }
            // `no-cache`: a cache never answers with a stored copy of a stream; `X-Accel-Buffering: no`: nginx
            // passes each event on at once instead of holding it in its buffer.
            return .init(
                headers: .init(cacheControl: "no-cache", xAccelBuffering: "no"),
                body: .textEventStream(HTTPBody(stream, length: .unknown, iterationBehavior: .single))
            )
        } catch {
            // No stream will read the subscription: end it now rather than when its buffer overflows.
            live.subscription.finish()
            throw error
        }
    }

    /// A new entry's event. Only these carry an `id`, so `Last-Event-ID` always names the last entry received.
    /// Live events take the entry's JSON from `cache`, which every stream shares.
    private static func entryEvent(_ shown: TimelineEntry, cache: EncodingCache<TimelineEntry, String>? = nil) throws -> ServerSentEvent {
        let json = try cache.map { try $0.encoding(of: shown, encode: entryJSON) } ?? entryJSON(shown)
        return ServerSentEvent(id: shown.cursor.map(String.init) ?? shown.entry.id.rawValue, event: "entry", data: json)
    }

    /// An entry as the API shows it, on one line.
    private static func entryJSON(_ shown: TimelineEntry) throws -> String {
        try oneLineJSON(Components.Schemas.Entry(shown))
    }

    /// A value as JSON on one line (an event's data would carry each line break as a `data:` line of its own), as
    /// the API prints it: keys sorted, RFC 3339 times.
    static func oneLineJSON(_ value: some Encodable) throws -> String {
        String(decoding: try QwinkleJSON.encode(value), as: UTF8.self)
    }
}
