import Foundation
import QwinkleClient
import QwinkleKit
import QwinkleTerminalUI

/// Your entries waiting to be posted, soonest first; `x` cancels the highlighted one after asking.
final class ScheduledController: ViewController, TableViewDelegate {
    /// The server.
    private let session: AppSession
    /// The scheduled entries, loaded each time the screen shows: entries post themselves meanwhile.
    private let list: LoadedList<ScheduledEntry>

    /// The scheduled entries screen.
    init(session: AppSession) {
        self.session = session
        let api = session.api
        list = LoadedList(
            emptyText: "Nothing scheduled. Schedule with: qwinkle post TEXT --at +2h", load: { try await api.scheduledEntries() }, cell: Self.cell
        )
        super.init()
        title = "Scheduled"
    }

    /// The table.
    override func loadView() -> View { list.makeView() }

    /// Connects the table.
    override func viewDidLoad() { list.connect(delegate: self) }

    /// Loads the list each time the screen shows.
    override func viewWillAppear() { list.reload() }

    /// The table has the focus.
    override var preferredFirstResponder: View? { list.table }

    /// Cancel, reload.
    override var keyCommands: [KeyCommand] {
        [
            KeyCommand(.character("x"), "Cancel it", action: .cancelScheduled, isMain: true),
            KeyCommand(.character("r"), "Reload", action: .refresh),
        ]
    }

    /// Asks, then cancels the highlighted entry; or reloads.
    override func perform(_ action: Action, sender: AnyObject?) -> Bool {
        switch action {
        case .cancelScheduled:
            guard let entry = list.highlighted else { return true }
            let api = session.api
            window?.present(ConfirmController(question: "Cancel the entry scheduled for \(Printing.time(entry.scheduledAt)) UTC?") { [list] in
                Task {
                    do {
                        try await api.cancelScheduledEntry(entry.id)
                    } catch {
                        list.show(error)
                    }
                    list.reload()
                }
            })
            return true
        case .refresh:
            list.reload()
            return true
        default:
            return false
        }
    }

    /// When, who may see it, and the start of its text.
    private static func cell(_ entry: ScheduledEntry) -> TableCell {
        TableCell(StyledText(runs: [
            .init(Printing.time(entry.scheduledAt) + " UTC", style: .strong),
            .init(" · \(entry.content.visibility.rawValue) · ", style: .faint),
            .init(entry.content.body.replacingOccurrences(of: "\n", with: " "), style: .plain),
        ]))
    }

    /// Nothing opens from here: a scheduled entry is no entry yet.
    func tableView(_ tableView: TableView, didSelectRow row: Int) {}
}
