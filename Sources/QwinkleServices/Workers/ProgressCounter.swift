import Synchronization

/// A count that only grows (a worker's rounds, the writes it has taken on), and a way to wait until it reaches a
/// value: so that whoever must know a background worker has got somewhere (a test, above all) waits for that event
/// instead of sleeping for a while and hoping.
public final class ProgressCounter: Sendable {
    private struct State: Sendable {
        var count = 0
        var waiting: [(until: Int, continuation: CheckedContinuation<Void, Never>)] = []
    }

    private let state = Mutex(State())

    /// A count at zero.
    public init() {}

    /// The count now.
    public var count: Int { state.withLock { $0.count } }

    /// Counts one more, and lets go of whoever waited for the count to reach it.
    public func advance() {
        update(to: nil)
    }

    /// Raises the count to `value` if it is lower (a worker that has seen everything up to a count another keeps),
    /// and lets go of whoever waited for it.
    public func advance(to value: Int) {
        update(to: value)
    }

    /// Counts one more (`nil`) or up to `value`.
    private func update(to value: Int?) {
        let ready = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.count = value.map { max(state.count, $0) } ?? state.count + 1
            let count = state.count
            let ready = state.waiting.filter { $0.until <= count }.map(\.continuation)
            state.waiting.removeAll { $0.until <= count }
            return ready
        }
        for continuation in ready { continuation.resume() }
    }

    /// Returns once the count is at least `value` (at once if it is already).
    public func reached(_ value: Int) async {
        await withCheckedContinuation { continuation in
            let now = state.withLock { state -> Bool in
                guard state.count < value else { return true }
                state.waiting.append((until: value, continuation: continuation))
                return false
            }
            if now { continuation.resume() }
        }
    }
}
