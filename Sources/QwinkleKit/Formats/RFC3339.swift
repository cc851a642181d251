import Foundation

/// RFC 3339 times, the way the API writes and reads them.
public enum RFC3339 {
    private static let withFraction = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
    private static let withoutFraction = Date.ISO8601FormatStyle()

    /// Formats a time in UTC with milliseconds, such as `2026-11-21T09:30:00.000Z`.
    public static func string(from date: Date) -> String {
        withFraction.format(date)
    }

    /// Parses an RFC 3339 time with or without fractional seconds; `nil` if the text is not one.
    public static func date(from text: String) -> Date? {
        (try? withFraction.parse(text)) ?? (try? withoutFraction.parse(text))
    }
}
