import Synchronization

/// Texts a front door made from values, by the value each was made from, so that what many answers repeat is made
/// once. The live streams share an entry's JSON among every subscriber given the same `TimelineEntry`; the Mastodon
/// API shares a status's published part and an author's account among the pages that show them.
///
/// The key must hold everything the text is made from, so the cache can never hand out anything but what the caller
/// would have made itself: nothing is invalidated, because a changed value is another key.
public final class EncodingCache<Key: Hashable & Sendable, Encoded: Sendable>: Sendable {
    /// How many texts it keeps.
    public let capacity: Int
    /// The encodings, and the order they came in, oldest first, to forget the oldest when full.
    private let state: Mutex<(encoded: [Key: Encoded], order: [Key], next: Int)>

    /// An empty cache keeping `capacity` encodings.
    public init(capacity: Int = 256) {
        self.capacity = max(1, capacity)
        state = Mutex(([:], [], 0))
    }

    /// The text made from `key`: the kept one, or `encode`'s, which is then kept.
    public func encoding(of key: Key, encode: (Key) throws -> Encoded) rethrows -> Encoded {
        if let kept = state.withLock({ $0.encoded[key] }) { return kept }
        // Encoded outside the lock: two callers may both encode a value the first time, never wait on each other.
        let encoded = try encode(key)
        state.withLock { state in
            guard state.encoded[key] == nil else { return }
            if state.order.count < capacity {
                state.order.append(key)
            } else {
                state.encoded[state.order[state.next]] = nil
                state.order[state.next] = key
                state.next = (state.next + 1) % capacity
            }
            state.encoded[key] = encoded
        }
        return encoded
    }

    /// How many encodings are kept now.
    public var count: Int { state.withLock { $0.encoded.count } }
}
