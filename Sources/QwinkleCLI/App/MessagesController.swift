import Foundation
import QwinkleClient
import QwinkleKit
import QwinkleTerminalUI

/// Your conversations, newest first; Enter opens one.
final class MessagesController: ViewController, TableViewDataSource, TableViewDelegate {
    /// The server.
    private let session: AppSession
    /// The conversations.
    private var conversations: [ConversationSummary] = []
    /// Their table.
    let table = TableView(rowHeight: 1)

    /// The messages screen.
    init(session: AppSession) {
        self.session = session
        super.init()
        title = "Messages"
    }

    /// The table.
    override func loadView() -> View {
        StackView(margin: 0, rows: [(table, nil)])
    }

    /// Connects the table.
    override func viewDidLoad() {
        table.connect(to: self, emptyText: "Loading…")
    }

    /// Loads the conversations each time the screen shows.
    override func viewWillAppear() {
        let api = session.api
        Task {
            do {
                conversations = try await api.conversations()
                table.emptyText = "No conversations yet: `qwinkle message @someone …` starts one."
            } catch {
                table.emptyText = String(describing: error)
            }
            table.reloadData()
        }
    }

    /// The table has the focus.
    override var preferredFirstResponder: View? { table }

    /// Open.
    override var keyCommands: [KeyCommand] {
        [KeyCommand(.enter, "Open", action: Action("open"), isMain: true)]
    }

    /// Opens the highlighted conversation.
    override func perform(_ action: Action, sender: AnyObject?) -> Bool {
        guard action == Action("open"), let row = table.highlightedRow else { return false }
        tableView(table, didSelectRow: row)
        return true
    }

    /// The others in a conversation.
    private func others(in summary: ConversationSummary) -> [String] {
        summary.accounts.map(\.username).filter { $0 != session.username }
    }

    /// As many rows as conversations.
    func numberOfRows(in tableView: TableView) -> Int { conversations.count }

    /// Who, when last, and whether it is new.
    func tableView(_ tableView: TableView, cellForRow row: Int) -> TableCell {
        let summary = conversations[row]
        var runs: [StyledText.Run] = [
            .init(others(in: summary).map { "@\($0)" }.joined(separator: ", "), style: .strong),
            .init(" · " + TimelineEntry.age(of: summary.conversation.lastMessageAt, now: .now), style: .faint),
        ]
        if summary.unread { runs.append(.init(" · new", style: .strong)) }
        return TableCell(StyledText(runs: runs))
    }

    /// Opens a conversation.
    func tableView(_ tableView: TableView, didSelectRow row: Int) {
        guard conversations.indices.contains(row) else { return }
        let summary = conversations[row]
        navigationController?.push(ConversationController(summary: summary, others: others(in: summary), session: session))
    }
}
