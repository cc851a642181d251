import QwinkleKit
import QwinkleServices

/// The event bus of a federating server: it tells every event to the bus it wraps, as any server does, and passes
/// the entry writes made on this server to the deliveries (`DeliveryService`), which turn them into activities for
/// the authors' followers on other servers.
///
/// Only the server that made a write publishes it through here (what other servers sharing the database made
/// arrives on the wrapped bus directly), so each write is queued for delivery once, however many servers run.
public final class FederationOutbox: EntryEventBus {
    /// The bus the live timelines listen to.
    let base: any EntryEventBus
    /// The entry writes waiting to be turned into deliveries.
    let writes: AsyncStream<EntryEvent>
    private let continuation: AsyncStream<EntryEvent>.Continuation
    /// Where the writes handed on are counted.
    let work: BackgroundWork?

    /// Wraps `base`, counting the writes it hands on in `work`.
    public init(wrapping base: any EntryEventBus, work: BackgroundWork? = nil) {
        self.base = base
        self.work = work
        // Bounded, so that a database that is away cannot make the server hold writes without end: past 10,000
        // writes waiting, the newest are not delivered.
        (writes, continuation) = AsyncStream.makeStream(bufferingPolicy: .bufferingOldest(10_000))
    }

    /// Tells `base`, and keeps the entry writes for delivery.
    public func publish(_ event: EntryEvent) {
        base.publish(event)
        switch event {
        case .created, .updated, .deleted:
            if case .enqueued = continuation.yield(event) { work?.writesPublished.advance() }
        case .relationsChanged, .standingChanged, .signedOut, .notified: break
        }
    }

    /// Subscribes to `base`.
    public func subscribe(heartbeat: Duration, bufferSize: Int) -> EntrySubscription {
        base.subscribe(heartbeat: heartbeat, bufferSize: bufferSize)
    }

    /// `base`'s subscribers.
    public var subscriberCount: Int { base.subscriberCount }

    /// Ends the stream of writes, when the server stops.
    func finish() {
        continuation.finish()
    }
}
