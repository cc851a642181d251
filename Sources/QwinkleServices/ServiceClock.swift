import Foundation

/// The time as services read it: injected, so tests can move it, and to the millisecond, so a stored time reads
/// back equal to the one that was written.
public struct ServiceClock: Sendable {
    private let read: @Sendable () -> Date

    /// A clock that reads `read` (the system clock unless told otherwise).
    public init(_ read: @escaping @Sendable () -> Date = { Date() }) {
        self.read = read
    }

    /// The time now, rounded down to the millisecond.
    public func now() -> Date {
        Date(timeIntervalSince1970: (read().timeIntervalSince1970 * 1_000).rounded(.down) / 1_000)
    }
}
