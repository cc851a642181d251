import Foundation

/// RFC 3339 times, the way the API writes and reads them.
public enum RFC3339 {
    private static let withFraction = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
    private static let withoutFraction = Date.ISO8601FormatStyle()

    /// Formats a time in UTC with milliseconds, such as `2026-11-21T09:30:00.000Z`.
    ///
    /// The time is rounded to the nearest millisecond first: a `Date` counts seconds from 2001 in a `Double`,
    /// so a whole millisecond since 1970 is often a hair below itself, and a formatter that truncates would
    /// print it one millisecond early.
    public static func string(from date: Date) -> String {
        let milliseconds = Int64((date.timeIntervalSince1970 * 1_000).rounded())
        let (seconds, fraction) = milliseconds.quotientAndRemainder(dividingBy: 1_000)
        // Times before 1970 have a negative remainder; borrow a second so the fraction is positive.
        let (wholeSeconds, millisecond) = fraction < 0 ? (seconds - 1, fraction + 1_000) : (seconds, fraction)
        let whole = withoutFraction.format(Date(timeIntervalSince1970: TimeInterval(wholeSeconds)))
        let digits = String(millisecond)
        return whole.dropLast() + "." + String(repeating: "0", count: 3 - digits.count) + digits + "Z"
    }

    /// Parses an RFC 3339 time with or without fractional seconds; `nil` if the text is not one.
    public static func date(from text: String) -> Date? {
        (try? withFraction.parse(text)) ?? (try? withoutFraction.parse(text))
    }
}
