import Synchronization

/// The news of entry writes inside one server process: services publish after a write commits, and every open
/// event stream subscribes.
///
/// Each subscriber has its own bounded buffer, so a slow client cannot make the server hold events without
/// bound. A subscriber that falls so far behind that its buffer overflows is finished rather than silently
/// skipped past an entry: its client reconnects with `Last-Event-ID` and catches up from the storage.
///
/// Only the writes of this process are seen: it is the bus of a server on its own SQLite file. Servers sharing one
/// PostgreSQL database use `SharedEntryEventBus`, which also hears the others' writes through LISTEN/NOTIFY.
public final class InProcessEntryEventBus: EntryEventBus {
    /// The open subscriptions, by a number that is never reused.
    private struct State {
        var nextID: UInt64 = 0
        var subscribers: [UInt64: AsyncStream<EntrySubscription.Message>.Continuation] = [:]
    }

    /// Guarded by a lock: publishing is synchronous, so handlers need not await anything to publish.
    private let state = Mutex(State())

    /// Creates a broadcaster with no subscribers.
    public init() {}

    /// How many subscriptions are open.
    public var subscriberCount: Int {
        state.withLock { $0.subscribers.count }
    }

    /// Tells every subscriber of an event.
    public func publish(_ event: EntryEvent) {
        // Yield outside the lock: finishing a subscriber runs its termination handler, which takes the lock.
        let subscribers = state.withLock { Array($0.subscribers.values) }
        for continuation in subscribers {
            Self.deliver(.event(event), to: continuation)
        }
    }

    /// Finishes every open subscription, as an overflow would: each client reconnects and catches up from the
    /// storage. For when events may have been lost (a shared bus that stopped hearing the other servers for a while).
    public func finishAll() {
        let subscribers = state.withLock { Array($0.subscribers.values) }
        for continuation in subscribers {
            continuation.finish()
        }
    }

    /// Subscribes to every event published from now on, and to a heartbeat every `heartbeat`.
    ///
    /// The subscription ends when its reader stops reading (its task is cancelled or it drops the stream), when
    /// it is finished, or when it overflows `bufferSize`; it is then forgotten and its heartbeat stops.
    public func subscribe(heartbeat: Duration, bufferSize: Int) -> EntrySubscription {
        let (messages, continuation) = AsyncStream.makeStream(
            of: EntrySubscription.Message.self, bufferingPolicy: .bufferingNewest(bufferSize)
        )
        let ticker = Task {
            while true {
                // Cancelled when the subscription ends, which ends the sleep with an error.
                do { try await Task.sleep(for: heartbeat) } catch { return }
                Self.deliver(.heartbeat, to: continuation)
            }
        }
        // Registered under the lock with its termination handler already set, so no publish can reach (and
        // overflow) a subscriber that would not be forgotten.
        state.withLock { state in
            let id = state.nextID
            state.nextID += 1
            continuation.onTermination = { [weak self] _ in
                ticker.cancel()
                self?.state.withLock { _ = $0.subscribers.removeValue(forKey: id) }
            }
            state.subscribers[id] = continuation
        }
        return EntrySubscription(messages: messages, continuation: continuation)
    }

    /// Yields a message; a subscriber whose buffer was full has lost one, so it is finished (see the type's notes).
    private static func deliver(_ message: EntrySubscription.Message, to continuation: AsyncStream<EntrySubscription.Message>.Continuation) {
        if case .dropped = continuation.yield(message) {
            continuation.finish()
        }
    }
}
