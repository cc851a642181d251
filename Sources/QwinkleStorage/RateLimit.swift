import Foundation

/// How many requests of one kind a client may make in a period: `limit` per `period` seconds, counted in fixed
/// windows that start at multiples of the period (as Mastodon's limits are).
public struct RateLimit: Hashable, Sendable, Codable {
    /// The requests allowed in one window; 0 turns the limit off.
    public var limit: Int
    /// The window's length, in seconds.
    public var period: Int

    /// Describes a limit.
    public init(limit: Int, period: Int) {
        self.limit = limit
        self.period = period
    }

    /// Reads a limit; negative numbers are refused.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        limit = try container.decode(Int.self, forKey: .limit)
        period = try container.decode(Int.self, forKey: .period)
        guard limit >= 0, period >= 0 else {
            throw DecodingError.dataCorrupted(.init(codingPath: container.codingPath, debugDescription: "A limit and its period cannot be negative."))
        }
    }

    /// Whether the limit counts anything at all.
    public var isEnabled: Bool { limit > 0 && period > 0 }

    /// The start of the window that holds `date`.
    public func windowStart(at date: Date) -> Date {
        let seconds = date.timeIntervalSince1970.rounded(.down)
        let start = seconds - seconds.truncatingRemainder(dividingBy: Double(max(period, 1)))
        return Date(timeIntervalSince1970: start)
    }
}

/// What a rate limiter answered for one request: how many of the window's requests are used, and when it ends.
public struct RateLimitDecision: Hashable, Sendable {
    /// The limit it was counted against.
    public var limit: RateLimit
    /// The requests counted in this window, this one included.
    public var used: Int
    /// When the window ends and the count starts again.
    public var resetsAt: Date

    /// Describes a decision.
    public init(limit: RateLimit, used: Int, resetsAt: Date) {
        self.limit = limit
        self.used = used
        self.resetsAt = resetsAt
    }

    /// Whether this request went over the limit.
    public var isExceeded: Bool { used > limit.limit }
    /// The requests still allowed in this window.
    public var remaining: Int { max(0, limit.limit - used) }
    /// Seconds until the window ends, at least 1, for `Retry-After`.
    public func retryAfter(from now: Date) -> Int { max(1, Int(resetsAt.timeIntervalSince(now).rounded(.up))) }
}

/// Counts requests against limits. One process keeps counts in memory (`InMemoryRateLimiter`); servers sharing a
/// database share their counts through it, so a client cannot multiply its limit by the number of servers.
public protocol RateLimiter: Sendable {
    /// Counts `cost` requests (0 only looks) for `key` in the window of `limit` that holds `now`.
    func count(_ key: String, cost: Int, under limit: RateLimit, at now: Date) async throws -> RateLimitDecision
}
