import Foundation
import QwinkleStorage
import QwinkleStoragePostgres
import QwinkleStorageSQL
import QwinkleTestSupport
import Testing

/// Where rate limits are counted: one process's memory, or the database several servers share.
enum LimiterBackend: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case inMemory = "in memory"
    case postgres = "PostgreSQL"

    var testDescription: String { rawValue }

    static var allCases: [LimiterBackend] { PostgresTestDatabase.url == nil ? [.inMemory] : [.inMemory, .postgres] }

    func withLimiter<Result>(_ body: (any RateLimiter) async throws -> Result) async throws -> Result {
        switch self {
        case .inMemory: try await body(InMemoryRateLimiter())
        case .postgres: try await PostgresTestDatabase.withStorage { storage in try await body(storage) }
        }
    }
}

@Suite("Rate limiters count the same way wherever they keep counts")
struct RateLimiterTests {
    static let limit = RateLimit(limit: 3, period: 60)
    /// The start of a window: a multiple of 60 seconds.
    static let windowStart = Date(timeIntervalSince1970: 1_800_000_000)

    @Test("Counts add up within a window, say what is left and when it ends, and start again in the next", arguments: LimiterBackend.allCases)
    func windows(backend: LimiterBackend) async throws {
        try await backend.withLimiter { limiter in
            var used: [Int] = []
            for second in [0.0, 10, 59.5, 59.9] {
                used.append(try await limiter.count("a", cost: 1, under: Self.limit, at: Self.windowStart.addingTimeInterval(second)).used)
            }
            #expect(used == [1, 2, 3, 4])
            let over = try await limiter.count("a", cost: 1, under: Self.limit, at: Self.windowStart.addingTimeInterval(30))
            #expect(over.isExceeded && over.remaining == 0)
            #expect(over.resetsAt == Self.windowStart.addingTimeInterval(60))
            let next = try await limiter.count("a", cost: 1, under: Self.limit, at: Self.windowStart.addingTimeInterval(60))
            #expect(next.used == 1 && next.remaining == 2 && !next.isExceeded)
        }
    }

    @Test("Keys count apart, and a count of 0 only looks", arguments: LimiterBackend.allCases)
    func keysAndLooking(backend: LimiterBackend) async throws {
        try await backend.withLimiter { limiter in
            _ = try await limiter.count("a", cost: 1, under: Self.limit, at: Self.windowStart)
            let look = try await limiter.count("a", cost: 0, under: Self.limit, at: Self.windowStart)
            let again = try await limiter.count("a", cost: 0, under: Self.limit, at: Self.windowStart)
            let other = try await limiter.count("b", cost: 1, under: Self.limit, at: Self.windowStart)
            let counts: [Int] = [look.used, again.used, other.used]
            #expect(counts == [1, 1, 1])
        }
    }

    @Test("Counts made at the same time are each counted once: 40 at once give 1 to 40", arguments: LimiterBackend.allCases)
    func concurrentCounts(backend: LimiterBackend) async throws {
        try await backend.withLimiter { limiter in
            let used = try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<40 {
                    group.addTask { try await limiter.count("busy", cost: 1, under: RateLimit(limit: 100, period: 60), at: Self.windowStart).used }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(used.sorted() == Array(1...40))
        }
    }

    @Test("Many clients later, a long window still holds its count while short ones that ended are cleared", arguments: LimiterBackend.allCases)
    func longWindowsSurviveClearing(backend: LimiterBackend) async throws {
        try await backend.withLimiter { limiter in
            let hour = RateLimit(limit: 25, period: 3600)
            _ = try await limiter.count("slow", cost: 5, under: hour, at: Self.windowStart)
            for client in 0..<1200 {
                _ = try await limiter.count("client-\(client)", cost: 1, under: Self.limit, at: Self.windowStart.addingTimeInterval(Double(client)))
            }
            let later = try await limiter.count("slow", cost: 1, under: hour, at: Self.windowStart.addingTimeInterval(1300))
            #expect(later.used == 6)
        }
    }
}
