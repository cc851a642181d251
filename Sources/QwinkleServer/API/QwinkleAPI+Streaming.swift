import Foundation
import OpenAPIRuntime
import QwinkleKit
import QwinkleStorage

extension QwinkleAPI {
    /// The most entries a reconnecting stream catches up with; a longer gap is for the timeline to fill.
    static let catchUpLimit = 100

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

    /// A live timeline for a viewer (`nil`: anonymous), from the entries since `Last-Event-ID` on.
    ///
    /// It subscribes before it reads what was missed, so nothing written in between is lost; an entry that
    /// arrives both ways is sent once.
    private func entryStream(_ scope: EntryScope, account: Account?, lastEventID: String?) async throws -> Components.Responses.EntryStream {
        // Checked before subscribing, so a refusal leaves nothing to undo.
        let since = try lastEventID.map(Self.lastEventCursor)
        // The request's token is bound only while the handler runs; the stream checks it again on every event.
        let tokenHash = RequestCredentials.bearerToken.map(TokenIssuer.hash)
        let subscription = events.subscribe(heartbeat: configuration.streamHeartbeat)
        do {
            let missed = try await missedEntries(scope, since: since, viewer: viewer(for: account))
            let opening = try missed.map { EventStreamFrame.event(try Self.entryEvent($0)) } + [.comment("live")]
            let newestSent = missed.last.flatMap { Int64($0.id) }
            let stream = EntryEventStream(opening: opening, subscription: subscription) { event in
                try await self.verdict(on: event, scope: scope, account: account, tokenHash: tokenHash, newestSent: newestSent)
            }
            // `no-cache`: a cache never answers with a stored copy of a stream; `X-Accel-Buffering: no`: nginx
            // passes each event on at once instead of holding it in its buffer.
            return .init(
                headers: .init(cacheControl: "no-cache", xAccelBuffering: "no"),
                body: .textEventStream(HTTPBody(stream, length: .unknown, iterationBehavior: .single))
            )
        } catch {
            // No stream will read the subscription: end it now rather than when its buffer overflows.
            subscription.finish()
            throw error
        }
    }

    /// The entries of the timeline written after `since` that the viewer may read, oldest first, at most the
    /// newest `catchUpLimit`: the same entries as the timeline's `since_id` page.
    private func missedEntries(_ scope: EntryScope, since: Int64?, viewer: Viewer) async throws -> [Components.Schemas.Entry] {
        guard let since else { return [] }
        let (entries, _) = try await visibleEntries(scope, page: PageRequest(limit: Self.catchUpLimit, sinceCursor: since), viewer: viewer)
        return try await entryResponses(entries.reversed(), viewer: viewer)
    }

    /// What a stream does with an event, judged when it arrives: by the scope and the read policy, with the
    /// viewer's follows and journal grants as they are now (they change while a stream is open).
    private func verdict(
        on event: EntryEvent, scope: EntryScope, account: Account?, tokenHash: String?, newestSent: Int64?
    ) async throws -> EntryEventStream.Verdict {
        // A token revoked since the stream opened (logged out) ends it; the client's reconnection is then 401.
        if let account, let tokenHash, try await storage.account(tokenHash: tokenHash)?.id != account.id {
            return .end
        }
        let viewer = try await viewer(for: account)
        let shows = { (entry: Entry) in
            scope.contains(entry, relations: viewer.relations) == true && ReadPolicy.canRead(entry, viewer: viewer)
        }
        switch event {
        case .created(let entry):
            // Sent already while catching up.
            if let newestSent, let id = entry.id.integerValue, id <= newestSent { return .skip }
            guard shows(entry) else { return .skip }
            return .send(try Self.entryEvent(try await entryResponse(entry, viewer: viewer)))
        case .updated(let before, let after):
            if shows(after) {
                return .send(ServerSentEvent(event: "update", data: try Self.oneLineJSON(try await entryResponse(after, viewer: viewer))))
            }
            // An edit that took it out of the viewer's sight (made private, say) removes it.
            return shows(before) ? .send(try Self.deleteEvent(before.id)) : .skip
        case .deleted(let entry):
            return shows(entry) ? .send(try Self.deleteEvent(entry.id)) : .skip
        }
    }

    /// `Last-Event-ID` as an entry ID; anything else was not sent by a stream, so it is 422.
    private static func lastEventCursor(_ text: String) throws -> Int64 {
        guard let value = Int64(text), value >= 0 else {
            throw APIError.invalid(field: "Last-Event-ID", "Last-Event-ID must be the id of an entry event a stream sent.")
        }
        return value
    }

    /// A new entry's event. Only these carry an `id`, so `Last-Event-ID` always names the last entry received.
    private static func entryEvent(_ entry: Components.Schemas.Entry) throws -> ServerSentEvent {
        ServerSentEvent(id: entry.id, event: "entry", data: try oneLineJSON(entry))
    }

    /// A deleted entry's event.
    private static func deleteEvent(_ id: Entry.ID) throws -> ServerSentEvent {
        ServerSentEvent(event: "delete", data: try oneLineJSON(["id": id.rawValue]))
    }

    /// A value as JSON on one line (an event's data would carry each line break as a `data:` line of its own), as
    /// the API prints it: keys sorted, RFC 3339 times.
    private static func oneLineJSON(_ value: some Encodable) throws -> String {
        String(decoding: try QwinkleJSON.encode(value), as: UTF8.self)
    }
}
