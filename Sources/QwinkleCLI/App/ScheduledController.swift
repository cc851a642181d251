import Foundation
import QwinkleClient
import QwinkleKit
import QwinkleTerminalUI

/// Your entries waiting to be posted, soonest first; `x` cancels the highlighted one after asking.
final class ScheduledController: ViewController, TableViewDataSource, TableViewDelegate {
    /// The server.
    private let session: AppSession
    /// The scheduled entries shown.
    private var scheduled: [ScheduledEntry] = []
    /// Their table.
    let table = TableView(rowHeight: 1)

    /// The scheduled entries screen.
    init(session: AppSession) {
        self.session = session
        super.init()
        title = "Scheduled"
    }

    /// The table.
    override func loadView() -> View {
        StackView(margin: 0, rows: [(table, nil)])
    }

    /// Connects the table.
    override func viewDidLoad() {
        table.connect(to: self, emptyText: "Loading…")
    }

    /// Loads the list each time the screen shows: entries post themselves meanwhile.
    override func viewWillAppear() {
        reload()
    }

    private func reload() {
        let api = session.api
        Task {
            do {
                scheduled = try await api.scheduledEntries()
                table.emptyText = "Nothing scheduled. Schedule with: qwinkle post TEXT --at +2h"
            } catch {
                table.emptyText = String(describing: error)
            }
            table.reloadData()
        }
    }

    /// The table has the focus.
    override var preferredFirstResponder: View? { table }

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
            guard let row = table.highlightedRow, scheduled.indices.contains(row) else { return true }
            let entry = scheduled[row]
            let api = session.api
            window?.present(ConfirmController(question: "Cancel the entry scheduled for \(Printing.time(entry.scheduledAt)) UTC?") { [weak self] in
                Task {
                    do {
                        try await api.cancelScheduledEntry(entry.id)
                    } catch {
                        self?.table.emptyText = String(describing: error)
                    }
                    self?.reload()
                }
            })
            return true
        case .refresh:
            reload()
            return true
        default:
            return false
        }
    }

    /// As many rows as scheduled entries.
    func numberOfRows(in tableView: TableView) -> Int { scheduled.count }

    /// When, who may see it, and the start of its text.
    func tableView(_ tableView: TableView, cellForRow row: Int) -> TableCell {
        let entry = scheduled[row]
        return TableCell(StyledText(runs: [
            .init(Printing.time(entry.scheduledAt) + " UTC", style: .strong),
            .init(" · \(entry.content.visibility.rawValue) · ", style: .faint),
            .init(entry.content.body.replacingOccurrences(of: "\n", with: " "), style: .plain),
        ]))
    }

    /// Nothing opens from here: a scheduled entry is no entry yet.
    func tableView(_ tableView: TableView, didSelectRow row: Int) {}
}
