import Foundation

extension Date {
    /// The time to the millisecond, in one canonical `Date` for each millisecond: every backend keeps times to the
    /// millisecond (and Qwinkle's JSON prints them so), and a time read back from PostgreSQL's microseconds, or from
    /// a revision's JSON, comes back to this same value, so an entry equals its revision and a value returned
    /// without a read equals what later reads give.
    public var toMilliseconds: Date {
        Date(timeIntervalSince1970: (timeIntervalSince1970 * 1_000).rounded() / 1_000)
    }
}
