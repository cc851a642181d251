import Synchronization

/// What the live streams sent last, as text (an entry's JSON for the API, its article for the web app), by the value
/// it was made from. One post reaches every subscriber whose timeline shows it, and each subscriber's verdict is a
/// value (a `TimelineEntry`, with the mark of its viewer): subscribers given equal values share one encoding instead
/// of each making its own copy. The key must hold everything the text is made from, so the cache can never send a
/// subscriber anything but what it would have made itself.
final class EncodedEventCache<Key: Hashable & Sendable>: Sendable {
    /// How many texts it keeps: events reach their subscribers within moments, so a few hundred is plenty.
    let capacity: Int
    /// The encodings, and the order they came in, oldest first, to forget the oldest when full.
    private let state: Mutex<(json: [Key: String], order: [Key], next: Int)>

    /// An empty cache keeping `capacity` encodings.
    init(capacity: Int = 256) {
        self.capacity = max(1, capacity)
        state = Mutex(([:], [], 0))
    }

    /// The text made from `entry`: the kept one, or `encode`'s, which is then kept.
    func text(for entry: Key, encode: (Key) throws -> String) rethrows -> String {
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
