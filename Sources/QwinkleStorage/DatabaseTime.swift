import Synchronization

/// The time a task spent waiting on the database: the metrics' database time per request.
///
/// A request binds a tally to `DatabaseTime.current` and every backend adds the time of each read and write made
/// in that task (waiting for a connection or a group commit included, since the request waits for it too). With no
/// tally bound, as in tools and tests, nothing is timed at all.
public final class DatabaseTime: Sendable {
    /// The tally of the running task, if it keeps one.
    @TaskLocal public static var current: DatabaseTime?

    private let nanoseconds = Atomic<Int64>(0)

    /// A tally at zero.
    public init() {}

    /// The time added so far.
    public var total: Duration {
        .nanoseconds(nanoseconds.load(ordering: .relaxed))
    }

    /// Runs a synchronous database call, adding its time to the current tally.
    public static func measuring<T>(_ body: () throws -> T) rethrows -> T {
        guard let tally = current else { return try body() }
        let start = ContinuousClock.now
        defer { tally.add(start.duration(to: .now)) }
        return try body()
    }

    /// Runs an asynchronous database call, adding its time to the current tally.
    public static func measuring<T>(_ body: () async throws -> T) async rethrows -> T {
        guard let tally = current else { return try await body() }
        let start = ContinuousClock.now
        defer { tally.add(start.duration(to: .now)) }
        return try await body()
    }

    private func add(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        nanoseconds.add(seconds * 1_000_000_000 + attoseconds / 1_000_000_000, ordering: .relaxed)
    }
}
