import Foundation
import QwinkleKit
import QwinkleTerminalUI

/// The row of tabs: the one shown reversed, each clickable, and the last notice on the right.
final class TabStrip: View {
    /// The tab shown.
    var selected = AppTab.home
    /// The last notice.
    var notice = ""
    /// Told when a tab is clicked.
    var onChoose: ((AppTab) -> Void)?

    /// `1 Home  2 Public …` and the notice.
    override func draw(in canvas: inout Canvas) {
        var column = 0
        for tab in AppTab.allCases {
            column = canvas.write(" \(tab.key) \(tab.title) ", column: column, row: 0, style: tab == selected ? TextStyle(bold: true, reverse: true) : .plain)
        }
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
        for tab in AppTab.allCases {
            let width = tab.title.terminalWidth + 4
            if event.position.column < column + width {
                onChoose?(tab)
                return true
            }
            column += width
        }
        return false
    }
}
