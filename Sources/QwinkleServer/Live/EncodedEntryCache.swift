import QwinkleKit
import Synchronization

/// The JSON of the entries the live streams sent last. One post reaches every subscriber whose timeline shows it, and
/// each subscriber's verdict is a `TimelineEntry`: subscribers given equal values (the same revision, author and mark)
/// share one encoding instead of each encoding its own copy. Equal values encode to equal JSON, so the cache can never
/// send a subscriber anything but what it would have encoded itself.
final class EncodedEntryCache: Sendable {
    /// How many encodings it keeps: events reach their subscribers within moments, so a few hundred is plenty.
    let capacity: Int
    /// The encodings, and the order they came in, oldest first, to forget the oldest when full.
    private let state: Mutex<(json: [TimelineEntry: String], order: [TimelineEntry], next: Int)>

    /// An empty cache keeping `capacity` encodings.
    init(capacity: Int = 256) {
        self.capacity = max(1, capacity)
        state = Mutex(([:], [], 0))
    }

    /// The JSON of `entry`: the kept one, or `encode`'s, which is then kept.
    func json(for entry: TimelineEntry, encode: (TimelineEntry) throws -> String) rethrows -> String {
        if let kept = state.withLock({ $0.json[entry] }) { return kept }
        // Encoded outside the lock: two subscribers may both encode a value the first time, never wait on each other.
        let json = try encode(entry)
        state.withLock { state in
            guard state.json[entry] == nil else { return }
            if state.order.count < capacity {
                state.order.append(entry)
            } else {
                state.json[state.order[state.next]] = nil
                state.order[state.next] = entry
                state.next = (state.next + 1) % capacity
            }
            state.json[entry] = json
        }
        return json
    }

    /// How many encodings are kept now.
    var count: Int { state.withLock { $0.json.count } }
}
