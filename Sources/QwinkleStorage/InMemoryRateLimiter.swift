import Foundation
import Synchronization

/// A `RateLimiter` for one server process: a count per key and window, in memory. Windows that have ended are
/// dropped as the table grows, so memory follows the number of clients active in the current window.
public final class InMemoryRateLimiter: RateLimiter {
    private struct Window {
        var start: Date
        var end: Date
        var used: Int
    }

    private struct Table {
        var windows: [String: Window] = [:]
        /// The size at which ended windows are next swept out.
        var sweepAt = 1024
    }

    private let table = Mutex(Table())

    /// An empty limiter.
    public init() {}

    public func count(_ key: String, cost: Int, under limit: RateLimit, at now: Date) -> RateLimitDecision {
        let start = limit.windowStart(at: now)
        let resetsAt = start.addingTimeInterval(TimeInterval(limit.period))
        let used = table.withLock { table in
            var window = table.windows[key].flatMap { $0.start == start ? $0 : nil } ?? Window(start: start, end: resetsAt, used: 0)
            window.used += cost
            table.windows[key] = window
            if table.windows.count >= table.sweepAt {
                table.windows = table.windows.filter { $0.value.end > now }
                table.sweepAt = max(1024, table.windows.count * 2)
            }
            return window.used
        }
        return RateLimitDecision(limit: limit, used: used, resetsAt: resetsAt)
    }
}
