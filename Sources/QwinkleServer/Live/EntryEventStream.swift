import OpenAPIRuntime
import QwinkleServices
import ServiceLifecycle

/// The body of a live timeline: its opening frames, then every published event its viewer sees and a heartbeat
/// between, until the client goes away, the viewer's token is revoked or the server shuts down.
///
/// It never ends by itself, so it ends on the server's graceful shutdown: the server waits for responses in
/// flight before it stops, and would otherwise wait for every listening client to hang up.
struct EntryEventStream: AsyncSequence, Sendable {
    /// What the stream does with one event.
    enum Verdict: Hashable, Sendable {
        /// Writes this event.
        case send(ServerSentEvent)
        /// Writes these events, in order (none is the same as `skip`).
        case sendAll([ServerSentEvent])
        /// Writes nothing: the viewer does not see the entry here.
        case skip
        /// Ends the stream.
        case end
    }

    /// The frames written before any event: catching up, then `: live`.
    let opening: [EventStreamFrame]
    /// The events and heartbeats as they are published.
    let subscription: EntrySubscription
    /// Judges an event for the stream's viewer when it arrives.
    let judge: @Sendable (EntryEvent) async throws -> Verdict

    /// `Last-Event-ID` as the entry ID an entry stream resumes after, for the API's streams and the web app's alike;
    /// anything else was not sent by a stream, so it is 422.
    static func cursor(lastEventID text: String) throws -> Int64 {
        guard let value = Int64(text), value >= 0 else {
            throw ServiceError.invalid(field: "Last-Event-ID", "Last-Event-ID must be the id of an entry event a stream sent.")
        }
        return value
    }

    /// Reads the stream once; it is the body of one response.
    func makeAsyncIterator() -> Iterator {
        Iterator(
            opening: opening.makeIterator(), pending: [], messages: subscription.messages.makeAsyncIterator(),
            subscription: subscription, judge: judge
        )
    }

    /// Writes the opening frames, then judges each message as it comes.
    struct Iterator: AsyncIteratorProtocol {
        /// The opening frames not yet written.
        var opening: IndexingIterator<[EventStreamFrame]>
        /// Events judged already and not yet written, in order.
        var pending: [ServerSentEvent]
        /// The subscription's messages.
        var messages: AsyncStream<EntrySubscription.Message>.Iterator
        /// The subscription, to finish it.
        let subscription: EntrySubscription
        /// The stream's judge.
        let judge: @Sendable (EntryEvent) async throws -> Verdict

        /// The next frame's bytes, or `nil` once the stream has ended.
        mutating func next() async throws -> ArraySlice<UInt8>? {
            if let frame = opening.next() { return frame.bytes }
            if !pending.isEmpty { return EventStreamFrame.event(pending.removeFirst()).bytes }
            while true {
                let subscription = subscription
                let message = await withGracefulShutdownHandler {
                    await messages.next()
                } onGracefulShutdown: {
                    subscription.finish()
                }
                switch message {
                case nil:
                    return nil
                case .heartbeat:
                    return EventStreamFrame.comment("keep-alive").bytes
                case .event(let event):
                    switch try await judge(event) {
                    case .send(let event): return EventStreamFrame.event(event).bytes
                    case .sendAll(let events):
                        guard let first = events.first else { continue }
                        pending = Array(events.dropFirst())
                        return EventStreamFrame.event(first).bytes
                    case .skip: continue
                    case .end:
                        subscription.finish()
                        return nil
                    }
                }
            }
        }
    }
}
