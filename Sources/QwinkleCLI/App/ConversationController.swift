import Foundation
import QwinkleClient
import QwinkleKit
import QwinkleTerminalUI

/// One conversation: its messages, oldest at the top, and a reply field.
final class ConversationController: ViewController, TableViewDataSource, TableViewDelegate {
    /// The conversation.
    private let summary: ConversationSummary
    /// The usernames a reply goes to.
    private let others: [String]
    /// The server.
    private let session: AppSession
    /// The messages, oldest first.
    private var messages: [Message] = []
    /// Their table.
    private let table = TableView(rowHeight: 2)
    /// The reply.
    private let reply = TextField(placeholder: "Reply, then Enter")
    /// Sends the reply.
    private let sendButton = Button("Send")

    /// A conversation's screen.
    init(summary: ConversationSummary, others: [String], session: AppSession) {
        self.summary = summary
        self.others = others
        self.session = session
        super.init()
        title = others.map { "@\($0)" }.joined(separator: ", ")
    }

    /// The messages, then the reply and its button.
    override func loadView() -> View {
        StackView(margin: 0, rows: [(table, nil), (reply, 1), (sendButton, 1)])
    }

    /// Connects the table and the reply, and loads the messages.
    override func viewDidLoad() {
        table.connect(to: self, emptyText: "Loading…")
        reply.addTarget(self, action: .send, for: .primaryActionTriggered)
        sendButton.addTarget(self, action: .send, for: .primaryActionTriggered)
        load()
    }

    /// The reply has the focus.
    override var preferredFirstResponder: View? { reply }

    /// Sends the reply.
    override func perform(_ action: Action, sender: AnyObject?) -> Bool {
        guard action == .send else { return false }
        let body = reply.text
        guard !body.isEmpty else { return true }
        let api = session.api
        let others = others
        Task {
            do {
                _ = try await api.sendMessage(to: others, body: body)
                reply.text = ""
                load()
            } catch {
                reply.placeholder = String(describing: error)
            }
        }
        return true
    }

    /// Loads the newest messages.
    private func load() {
        let api = session.api
        let id = summary.conversation.id
        Task {
            guard let page = try? await api.messages(in: id, limit: 50) else { return }
            // Opening a conversation reads it, in every app.
            if summary.unread { _ = try? await api.readConversation(id) }
            let old = messages
            messages = page.items.reversed()
            table.apply(ListDiff(from: old, to: messages))
            table.highlight(messages.count - 1)
        }
    }

    /// As many rows as messages.
    func numberOfRows(in tableView: TableView) -> Int { messages.count }

    /// Who said it, then what.
    func tableView(_ tableView: TableView, cellForRow row: Int) -> TableCell {
        let message = messages[row]
        let sender = message.sender.map { id in "@" + (summary.accounts.first { $0.id == id }?.username ?? "?") } ?? "a deleted account"
        return TableCell(lines: [
            StyledText(runs: [.init(sender, style: .strong), .init(" · " + TimelineEntry.age(of: message.createdAt, now: .now), style: .faint)]),
            StyledText(message.body),
        ])
    }

    /// Nothing happens on choosing a message.
    func tableView(_ tableView: TableView, didSelectRow row: Int) {}
}
