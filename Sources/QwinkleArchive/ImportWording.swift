import Foundation
import QwinkleKit

/// How an import's report names numbers and entries for people: "1 draft", "16,918", and an entry by its date and
/// first words (the IDs an import keys entries by mean nothing to whoever wrote them).
public enum ImportWording {
    /// "1 draft", "2 drafts", "1,204 entries".
    public static func counted(_ number: Int, _ one: String, _ many: String? = nil) -> String {
        number == 1 ? "1 \(one)" : "\(grouped(number)) \(many ?? one + "s")"
    }

    /// The warning for replies to other people's entries, which an archive of one account cannot bring along.
    public static func repliesElsewhere(_ count: Int) -> String {
        "\(counted(count, "reply", "replies")) to other people's entries \(count == 1 ? "was" : "were") imported as "
            + "\(count == 1 ? "an entry" : "entries") of \(count == 1 ? "its" : "their") own: an archive holds one account's entries only."
    }

    /// A number with its thousands set apart by commas, whatever the server's locale: 16,918.
    public static func grouped(_ number: Int) -> String {
        let digits = String(number.magnitude)
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return (number < 0 ? "-" : "") + result
    }

    /// An entry as its writer would find it: when it was written, to the minute in `timeZone`, and its first words,
    /// `2026-07-02 18:30 “Swam in the lake. Cold, then…”`.
    public static func label(_ entry: ArchivedEntry, timeZone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: entry.createdAt)
        func two(_ value: Int?) -> String { (value ?? 0) < 10 ? "0\(value ?? 0)" : "\(value ?? 0)" }
        let when = "\(parts.year ?? 0)-\(two(parts.month))-\(two(parts.day)) \(two(parts.hour)):\(two(parts.minute))"
        let words = entry.content.body.split(whereSeparator: \.isWhitespace)
        guard !words.isEmpty else { return when }
        var opening = words.prefix(firstWords).joined(separator: " ")
        if opening.count > maxOpening { opening = String(opening.prefix(maxOpening)) }
        let cut = opening.count < words.joined(separator: " ").count
        return "\(when) “\(opening)\(cut ? "…" : "")”"
    }

    /// How many words name an entry, and how many characters at most.
    private static let firstWords = 6
    private static let maxOpening = 48
}
