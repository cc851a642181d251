import Foundation
import PostgresNIO
import QwinkleStorage
import QwinkleStorageSQL

extension PostgresStorage: RateLimiter {
    /// Counts in the database, so every server sharing it counts the same client once: one statement, which
    /// adds to the key's window or starts a new one, atomically without a transaction of its own.
    public func count(_ key: String, cost: Int, under limit: RateLimit, at now: Date) async throws -> RateLimitDecision {
        let start = limit.windowStart(at: now)
        let resetsAt = start.addingTimeInterval(TimeInterval(limit.period))
        let used = try await reading { connection in
            // Now and then, the windows that have ended are cleared, so the table holds only current ones.
            if Int.random(in: 0..<512) == 0 {
                try await connection.query("DELETE FROM rate_limit_windows WHERE ends_at <= \(now)", logger: logger)
            }
            return try await connection.query(
                """
                INSERT INTO rate_limit_windows AS w (key, window_start, used, ends_at) VALUES (\(key), \(start), \(cost), \(resetsAt))
                ON CONFLICT (key) DO UPDATE SET
                    used = CASE WHEN w.window_start = EXCLUDED.window_start THEN w.used + EXCLUDED.used ELSE EXCLUDED.used END,
                    window_start = EXCLUDED.window_start, ends_at = EXCLUDED.ends_at
                RETURNING used
                """,
                logger: logger
            ).first { try $0.decode(Int.self) }
        }
        return RateLimitDecision(limit: limit, used: used ?? cost, resetsAt: resetsAt)
    }
}
