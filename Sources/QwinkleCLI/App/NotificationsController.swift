import Foundation
import QwinkleClient
import QwinkleKit
import QwinkleTerminalUI

/// Your notifications, newest first, unread ones starred; `r` marks them all read, Enter opens an entry one is about,
/// and on a follow request `a` approves it and `x` refuses it.
final class NotificationsController: ViewController, TableViewDelegate {
    /// The server.
    private let session: AppSession
    /// The notification groups, loaded each time the screen shows.
    private let list: LoadedList<NotificationGroup>

    /// The notifications screen.
    init(session: AppSession) {
        self.session = session
        let api = session.api
        list = LoadedList(emptyText: "No notifications yet.", load: { try await api.notifications().items }, cell: Self.cell)
        super.init()
        title = "Notifications"
    }

    /// The table.
    override func loadView() -> View { list.makeView() }

    /// Connects the table.
    override func viewDidLoad() { list.connect(delegate: self) }

    /// Loads the notifications each time the screen shows.
    override func viewWillAppear() { list.reload() }

    /// The table has the focus.
    override var preferredFirstResponder: View? { list.table }

    /// Mark read, open.
    override var keyCommands: [KeyCommand] {
        [
            KeyCommand(.character("r"), "Mark all read", action: Action("markRead"), isMain: true),
            KeyCommand(.enter, "Open", action: Action("open"), isMain: true),
            KeyCommand(.character("a"), "Approve request", action: Action("approve")),
            KeyCommand(.character("x"), "Refuse request", action: Action("refuse")),
        ]
    }

    /// Marks everything shown read, or opens the highlighted notification's entry.
    override func perform(_ action: Action, sender: AnyObject?) -> Bool {
        switch action {
        case Action("markRead"):
            guard let newest = list.items.first?.id else { return true }
            let api = session.api
            Task { [list] in
                _ = try? await api.markNotificationsRead(upTo: newest)
                list.reload()
            }
            return true
        case Action("open"):
            guard let row = list.table.highlightedRow else { return true }
            tableView(list.table, didSelectRow: row)
            return true
        case Action("approve"), Action("refuse"):
            answerHighlightedRequest(approve: action == Action("approve"))
            return true
        default:
            return false
        }
    }

    /// Approves or refuses the follow requests the highlighted notification is of (every person in its group); the
    /// list shows the answer once the server has it.
    private func answerHighlightedRequest(approve: Bool) {
        guard let row = list.table.highlightedRow, let group = list.item(at: row), group.kind == .followRequested else { return }
        let api = session.api
        let names = group.actors.map(\.username)
        Task { [list] in
            for name in names {
                _ = try? await (approve ? api.approveFollowRequest(name) : api.refuseFollowRequest(name))
            }
            list.reload()
        }
    }

    /// A star when unread, the sentence, and when.
    private static func cell(_ group: NotificationGroup) -> TableCell {
        TableCell(StyledText(runs: [
            .init(group.unread ? "* " : "  ", style: .strong),
            .init(group.summary, style: group.unread ? .strong : .plain),
            .init(" · " + TimelineEntry.age(of: group.createdAt, now: .now), style: .faint),
        ]))
    }

    /// Opens the entry a notification is about.
    func tableView(_ tableView: TableView, didSelectRow row: Int) {
        guard let entry = list.item(at: row)?.entry else { return }
        navigationController?.push(EntryController(entry: entry, session: session))
    }
}
