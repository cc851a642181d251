import Foundation
import QwinkleKit
import QwinkleTerminalUI

/// The row of tabs: the one shown reversed, each clickable, and the last notice on the right.
final class TabStrip: View {
    /// The tab shown.
    var selected = AppTab.home
    /// The last notice.
    var notice = ""
    /// The unread notification count, shown after the tabs when there are any.
    var unread = 0
    /// Told when a tab is clicked.
    var onChoose: ((AppTab) -> Void)?

    /// Each tab's label, left to right: `1 Home  2 Public …`, or, when the notice would not fit beside those, the
    /// other tabs as their keys alone (the notice is news; their names are not).
    private var labels: [(tab: AppTab, text: String)] {
        let full = AppTab.allCases.map { ($0, " \($0.key) \($0.title) ") }
        let width = full.reduce(0) { $0 + $1.1.terminalWidth } + unreadLabel.terminalWidth
        guard !notice.isEmpty || unread > 0, width + notice.terminalWidth + 2 > frame.width else { return full }
        return AppTab.allCases.map { ($0, $0 == selected ? " \($0.key) \($0.title) " : " \($0.key) ") }
    }

    /// The unread count as the row shows it (`n` opens the notifications), empty at none.
    private var unreadLabel: String {
        unread > 0 ? " n: \(unread) new " : ""
    }

    /// The tabs, the unread count and the notice.
    override func draw(in canvas: inout Canvas) {
        var column = 0
        for (tab, text) in labels {
            column = canvas.write(text, column: column, row: 0, style: tab == selected ? TextStyle(bold: true, reverse: true) : .plain)
        }
        if unread > 0 { column = canvas.write(unreadLabel, column: column, row: 0, style: TextStyle(foreground: .yellow, bold: true)) }
        let room = frame.width - column - 2
        if room > 0, !notice.isEmpty {
            let shown = notice.terminalWidth > room ? String(notice.prefix(room - 1)) + "…" : notice
            canvas.write(shown, column: frame.width - shown.terminalWidth, row: 0, style: TextStyle(foreground: .green))
        }
    }

    /// A click on a tab shows it.
    override func handleMouse(_ event: MouseEvent) -> Bool {
        guard case .press(0) = event.kind else { return false }
        var column = 0
        for (tab, text) in labels {
            let width = text.terminalWidth
            if event.position.column < column + width {
                onChoose?(tab)
                return true
            }
            column += width
        }
        return false
    }
}
