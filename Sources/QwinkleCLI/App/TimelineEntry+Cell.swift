import Foundation
import QwinkleKit
import QwinkleTerminalUI

extension TimelineEntry {
    /// The entry as a table row: who and when on the first line, then the start of its text.
    func cell(width: Int, now: Date = Date()) -> TableCell {
        let mark = marked ? " ★" : ""
        // A journal entry for journal readers says "journal" once, not "journal · journal".
        let kind = entry.dream != nil ? " · dream" : entry.kind.name == .journal && entry.visibility != .journal ? " · journal" : ""
        let header = StyledText(runs: [
            .init("@\(author.username)", style: .strong),
            .init(" · \(Self.age(of: entry.createdAt, now: now)) · \(entry.visibility.rawValue)\(kind)", style: .faint),
            .init(mark, style: TextStyle(foreground: .yellow, bold: true)),
        ] + replyRuns)
        // A content warning stands in the list for the text; opening the entry (Return) shows what it hides.
        var text = entry.body.isEmpty && !entry.photos.isEmpty ? "(\(Plural.count(entry.photos.count, "photo")))" : entry.body
        if let warning = entry.content.warning { text = "⚠ \(warning) (open to read)" }
        if text.isEmpty { text = " " }
        let lines = TextWrapping.lines(of: text, width: max(width - 4, 10))
        var shown = Array(lines.prefix(2))
        if lines.count > 2, let last = shown.popLast() { shown.append(String(last.prefix(max(width - 8, 1))) + " …") }
        return TableCell(lines: [header] + shown.map { StyledText($0) })
    }

    /// Who shared it, whom it answers and how many answered it, for a header line: "⇄ shared by @bea@elsewhere",
    /// "↳ replying to @abe", or "↳ a reply" when the parent is hidden (no author then), and "· 2 replies" when there
    /// are any.
    var replyRuns: [StyledText.Run] {
        var runs: [StyledText.Run] = []
        if let sharedBy { runs.append(.init(" · " + sharedBy.label, style: .faint)) }
        if let reply { runs.append(.init(" · " + reply.label, style: .faint)) }
        if replyCount > 0 { runs.append(.init(" · \(Plural.count(replyCount, "reply", "replies"))", style: .faint)) }
        return runs
    }

    /// How long ago, briefly: `now`, `5m`, `3h`, `2d`, else the date.
    static func age(of date: Date, now: Date) -> String {
        let seconds = Int(now.timeIntervalSince(date))
        switch seconds {
        case ..<60: return "now"
        case ..<3_600: return "\(seconds / 60)m"
        case ..<86_400: return "\(seconds / 3_600)h"
        case ..<(7 * 86_400): return "\(seconds / 86_400)d"
        default: return String(RFC3339.string(from: date).prefix(10))
        }
    }
}
