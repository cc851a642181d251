import Foundation
import QwinkleKit

/// A time as a `datetime-local` field holds it (`2026-12-24T18:00`, no zone) with the offset the page's script
/// found for it (minutes east of UTC, at that date, so summer time is right); without the script, UTC.
struct LocalTime: Sendable {
    /// The field's text.
    let text: String
    /// The offset's text, as posted.
    let offset: String

    /// The time this names; `nil` when the field is empty (post now).
    func date() throws -> Date? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { return nil }
        let minutes = Int(offset.trimmingCharacters(in: .whitespaces)) ?? 0
        guard abs(minutes) <= 18 * 60, let utc = RFC3339.date(from: Self.withSeconds(trimmed) + "Z") else {
            throw LocalTimeInvalid()
        }
        return utc.addingTimeInterval(-TimeInterval(minutes * 60))
    }

    /// `2026-12-24T18:00` as `2026-12-24T18:00:00`; a time with seconds stays as it is.
    private static func withSeconds(_ text: String) -> String {
        text.count == 16 ? text + ":00" : text
    }

    /// A UTC time as a `datetime-local` value, for a field the page's script then shows in local time.
    static func utcFieldValue(_ date: Date) -> String {
        String(RFC3339.string(from: date).prefix(16))
    }
}

/// A `datetime-local` value that is no date and time.
struct LocalTimeInvalid: Error {
    /// What the person reads by the field.
    static let message = "Give a date and time, such as 2026-12-24 18:00."
}
