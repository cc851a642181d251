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
        // Floor division, so times before 1970 count back from the day before with a positive time of day.
        let (days, millisecondOfDay) = floorDivision(milliseconds, 86_400_000)
        let (year, month, day) = civilDate(daysSince1970: days)
        // Foundation's formatter and parser switch to the Julian calendar before the Gregorian reform of 1582; this
        // arithmetic is Gregorian, so it answers only from 1583 on, where both agree, and up to four-digit years.
        guard (1_583...9_999).contains(year) else { return formatted(milliseconds: milliseconds) }
        var text = [UInt8]()
        text.reserveCapacity(24)
        func append(_ value: Int64, digits: Int) {
            var divisor: Int64 = 1
            for _ in 1..<digits { divisor *= 10 }
            var rest = value
            while divisor > 0 {
                text.append(UInt8(ascii: "0") + UInt8(rest / divisor))
                rest %= divisor
                divisor /= 10
            }
        }
        append(year, digits: 4)
        text.append(UInt8(ascii: "-"))
        append(month, digits: 2)
        text.append(UInt8(ascii: "-"))
        append(day, digits: 2)
        text.append(UInt8(ascii: "T"))
        append(millisecondOfDay / 3_600_000, digits: 2)
        text.append(UInt8(ascii: ":"))
        append(millisecondOfDay / 60_000 % 60, digits: 2)
        text.append(UInt8(ascii: ":"))
        append(millisecondOfDay / 1_000 % 60, digits: 2)
        text.append(UInt8(ascii: "."))
        append(millisecondOfDay % 1_000, digits: 3)
        text.append(UInt8(ascii: "Z"))
        return String(decoding: text, as: UTF8.self)
    }

    /// The same text through Foundation's formatter, for years before 1583 or after 9999.
    private static func formatted(milliseconds: Int64) -> String {
        let (seconds, millisecond) = floorDivision(milliseconds, 1_000)
        let whole = withoutFraction.format(Date(timeIntervalSince1970: TimeInterval(seconds)))
        let digits = String(millisecond)
        return whole.dropLast() + "." + String(repeating: "0", count: 3 - digits.count) + digits + "Z"
    }

    /// The quotient rounded down, and the remainder that goes with it (never negative for a positive divisor).
    private static func floorDivision(_ value: Int64, _ divisor: Int64) -> (Int64, Int64) {
        let (quotient, remainder) = value.quotientAndRemainder(dividingBy: divisor)
        return remainder < 0 ? (quotient - 1, remainder + divisor) : (quotient, remainder)
    }

    /// The proleptic Gregorian year, month and day of a count of days since 1970-01-01: days are counted in
    /// 400-year eras of 146,097 days, each starting on 1 March so that the leap day ends a year.
    private static func civilDate(daysSince1970 days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let shifted = days + 719_468  // days from 0000-03-01 to 1970-01-01
        let era = floorDivision(shifted, 146_097).0
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthFromMarch = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthFromMarch + 2) / 5 + 1
        let month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return (year, month, day)
    }

    /// Parses an RFC 3339 time with or without fractional seconds; `nil` if the text is not one.
    public static func date(from text: String) -> Date? {
        (try? withFraction.parse(text)) ?? (try? withoutFraction.parse(text))
    }
}
