import Synchronization

/// Metrics made on first use and kept, one per key: a swift-metrics registry lookup per request would cost more than
/// the count or timing itself.
final class MetricsCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private let values = Mutex<[Key: Value]>([:])

    /// The value kept for `key`, made by `make` the first time.
    func value(for key: Key, make: () -> Value) -> Value {
        values.withLock { values in
            if let value = values[key] { return value }
            let value = make()
            values[key] = value
            return value
        }
    }
}
