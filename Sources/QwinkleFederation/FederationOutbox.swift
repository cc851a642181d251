import QwinkleKit
import QwinkleServices

/// The event bus of a federating server: it tells every event to the bus it wraps, as any server does, and wakes
/// the deliveries (`DeliveryService`) at each entry write made on this server, to turn what the write kept for other
/// servers (its `OutgoingWrite`, kept in its own transaction) into deliveries now.
///
/// It carries no write itself: the database's journal is the truth, so a server stopped between a write's commit
/// and its deliveries loses nothing, and any server of a deployment may take up what another left.
public final class FederationOutbox: EntryEventBus {
    /// The bus the live timelines listen to.
    let base: any EntryEventBus
    /// A wake-up at each entry write; wake-ups not yet taken make one.
    let wakeUps: AsyncStream<Void>
    private let continuation: AsyncStream<Void>.Continuation
    /// Where the writes published are counted.
    let work: BackgroundWork?

    /// Wraps `base`, counting the writes it publishes in `work`.
    public init(wrapping base: any EntryEventBus, work: BackgroundWork? = nil) {
        self.base = base
        self.work = work
        (wakeUps, continuation) = AsyncStream.makeStream(bufferingPolicy: .bufferingNewest(1))
    }

    /// Tells `base`, and wakes the deliveries at an entry write.
    public func publish(_ event: EntryEvent) {
        base.publish(event)
        switch event {
        case .created, .updated, .deleted:
            // Counted before the wake-up, so a worker woken by it counts it as seen.
            work?.writesPublished.advance()
            continuation.yield()
        case .relationsChanged, .standingChanged, .signedOut, .notified: break
        }
    }

    /// Subscribes to `base`.
    public func subscribe(heartbeat: Duration, bufferSize: Int) -> EntrySubscription {
        base.subscribe(heartbeat: heartbeat, bufferSize: bufferSize)
    }

    /// `base`'s subscribers.
    public var subscriberCount: Int { base.subscriberCount }

    /// Ends the wake-ups, when the server stops.
    func finish() {
        continuation.finish()
    }
}
