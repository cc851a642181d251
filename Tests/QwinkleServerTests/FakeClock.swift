import Foundation
import Synchronization

/// A clock a test moves by hand, given to the server as its time.
final class FakeClock: Sendable {
    private let time: Mutex<Date>

    /// A clock that reads `start` until it is moved.
    init(_ start: Date) {
        time = Mutex(start)
    }

    /// The time now, as the server reads it.
    @Sendable func now() -> Date {
        time.withLock { $0 }
    }

    /// Moves the clock forward.
    func advance(by seconds: TimeInterval) {
        time.withLock { $0.addTimeInterval(seconds) }
    }
}
