import Foundation

/// The offline database's one time format: whole milliseconds since 1970 in UTC, an explicit width that reads back
/// the same on every platform, and the precision of the API's times.
enum OfflineTimestamp {
    /// A time as stored, to the nearest millisecond (nearest, not down, so a stored time converts back to itself).
    static func milliseconds(_ date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 * 1000).rounded())
    }

    /// A stored time.
    static func date(_ milliseconds: Int64) -> Date {
        Date(timeIntervalSince1970: TimeInterval(milliseconds) / 1000)
    }

    /// `date` as it reads back once stored, so a value handed out now equals the one read later.
    static func stored(_ date: Date) -> Date {
        self.date(milliseconds(date))
    }
}
