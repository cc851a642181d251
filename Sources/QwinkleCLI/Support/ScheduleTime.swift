import Foundation
import QwinkleKit

/// A time to post at, as a person types it after `--at`: an RFC 3339 time (`2026-12-24T18:00:00+01:00`), or a
/// wait from now such as `+30m`, `+2h`, `+1d` or `+1h30m` (units `m`, `h`, `d` and `w`).
enum ScheduleTime {
    /// The time `text` names, seen at `now`; a usage failure saying what is accepted when it names none.
    static func parse(_ text: String, now: Date = Date()) throws(CommandFailure) -> Date {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if let date = RFC3339.date(from: trimmed) { return date }
        if trimmed.hasPrefix("+"), let wait = wait(String(trimmed.dropFirst())) { return now.addingTimeInterval(wait) }
        throw .usage("\(text) is not a time: give one such as 2026-12-24T18:00:00+01:00, or a wait such as +30m, +2h or +1d.")
    }

    /// How far ahead `time` is from `now`, as people say it: "in 2 hours 5 minutes", or "now" when it is due.
    static func distance(to time: Date, from now: Date = Date()) -> String {
        let minutes = Int((time.timeIntervalSince(now) / 60).rounded())
        guard minutes > 0 else { return "now" }
        let days = minutes / (24 * 60), hours = minutes / 60 % 24, rest = minutes % 60
        var parts: [String] = []
        if days > 0 { parts.append(days == 1 ? "1 day" : "\(days) days") }
        if hours > 0 { parts.append(hours == 1 ? "1 hour" : "\(hours) hours") }
        if rest > 0 && days == 0 { parts.append(rest == 1 ? "1 minute" : "\(rest) minutes") }
        return "in " + (parts.isEmpty ? "1 day" : parts.joined(separator: " "))
    }

    /// The seconds of a wait written as numbers with units, such as `1h30m`; `nil` if it is not one.
    private static func wait(_ text: String) -> TimeInterval? {
        var total: TimeInterval = 0
        var number = ""
        for character in text.lowercased() {
            if character.isASCII, character.isNumber {
                number.append(character)
                continue
            }
            guard let value = Int(number), number.count <= 6 else { return nil }
            switch character {
            case "m": total += TimeInterval(value) * 60
            case "h": total += TimeInterval(value) * 3_600
            case "d": total += TimeInterval(value) * 86_400
            case "w": total += TimeInterval(value) * 7 * 86_400
            default: return nil
            }
            number = ""
        }
        return number.isEmpty && total > 0 ? total : nil
    }
}
