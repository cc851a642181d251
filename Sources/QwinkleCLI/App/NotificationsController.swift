import Foundation
import QwinkleClient
import QwinkleKit
import QwinkleTerminalUI

/// Your notifications, newest first, unread ones starred; `r` marks them all read, Enter opens an entry one is about.
final class NotificationsController: ViewController, TableViewDataSource, TableViewDelegate {
    /// The server.
    private let session: AppSession
    /// The notification groups shown.
    private var groups: [NotificationGroup] = []
    /// Their table.
    let table = TableView(rowHeight: 1)

    /// The notifications screen.
    init(session: AppSession) {
        self.session = session
        super.init()
        title = "Notifications"
    }

    /// The table.
    override func loadView() -> View {
        StackView(margin: 0, rows: [(table, nil)])
    }

    /// Connects the table.
    override func viewDidLoad() {
        table.connect(to: self, emptyText: "Loading…")
    }

    /// Loads the notifications each time the screen shows.
    override func viewWillAppear() {
        reload()
    }

    private func reload() {
        let api = session.api
        Task {
            do {
                groups = try await api.notifications().items
                table.emptyText = "No notifications yet."
            } catch {
                table.emptyText = String(describing: error)
            }
            table.reloadData()
        }
    }

    /// The table has the focus.
    override var preferredFirstResponder: View? { table }

    /// Mark read, open.
    override var keyCommands: [KeyCommand] {
        [
            KeyCommand(.character("r"), "Mark all read", action: Action("markRead"), isMain: true),
            KeyCommand(.enter, "Open", action: Action("open"), isMain: true),
        ]
    }

    /// Marks everything shown read, or opens the highlighted notification's entry.
    override func perform(_ action: Action, sender: AnyObject?) -> Bool {
        switch action {
        case Action("markRead"):
            guard let newest = groups.first?.id else { return true }
            let api = session.api
            Task {
                _ = try? await api.markNotificationsRead(upTo: newest)
                reload()
            }
            return true
        case Action("open"):
            guard let row = table.highlightedRow else { return true }
            tableView(table, didSelectRow: row)
            return true
        default:
            return false
        }
    }

    /// As many rows as groups.
    func numberOfRows(in tableView: TableView) -> Int { groups.count }

    /// A star when unread, the sentence, and when.
    func tableView(_ tableView: TableView, cellForRow row: Int) -> TableCell {
        let group = groups[row]
        return TableCell(StyledText(runs: [
            .init(group.unread ? "* " : "  ", style: .strong),
            .init(group.summary, style: group.unread ? .strong : .plain),
            .init(" · " + TimelineEntry.age(of: group.createdAt, now: .now), style: .faint),
        ]))
    }

    /// Opens the entry a notification is about.
    func tableView(_ tableView: TableView, didSelectRow row: Int) {
        guard groups.indices.contains(row), let entry = groups[row].entry else { return }
        navigationController?.push(EntryController(entry: entry, session: session))
    }
}
