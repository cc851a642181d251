import Foundation
import QwinkleKit
import QwinkleTerminalUI

extension ThreadRow {
    /// The row as a table cell: the entry's own cell, narrower by the indent and moved right by it; the opened entry's
    /// header starts with a marker, so it stands out between what it answers and its replies.
    func cell(width: Int, now: Date = Date()) -> TableCell {
        var cell = entry.cell(width: width - indent, now: now)
        if place == .opened, !cell.lines.isEmpty {
            cell.lines[0].runs.insert(.init("▶ ", style: .strong), at: 0)
        }
        guard indent > 0 else { return cell }
        let margin = StyledText.Run(String(repeating: " ", count: indent))
        cell.lines = cell.lines.map { StyledText(runs: [margin] + $0.runs) }
        return cell
    }
}
