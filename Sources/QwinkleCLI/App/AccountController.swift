import Foundation
import QwinkleClient
import QwinkleKit
import QwinkleTerminalUI

/// The account tab: where you are signed in (`e` ends the highlighted session), `p` to change the password and
/// `x` to delete the account.
final class AccountController: ViewController, TableViewDataSource, TableViewDelegate {
    /// The server.
    private let session: AppSession
    /// The sessions, most recently used first.
    private var sessions: [LoginSession] = []
    /// Their table.
    let table = TableView(rowHeight: 2)
    /// What happened last.
    private let message = Label(wraps: true)

    /// The account screen.
    init(session: AppSession) {
        self.session = session
        super.init()
        title = "Account"
    }

    /// The sessions, then the last message.
    override func loadView() -> View {
        StackView(margin: 0, rows: [(Label(StyledText("Where you are signed in", style: .strong)), 1), (table, nil), (message, 2)])
    }

    /// Connects the table.
    override func viewDidLoad() {
        table.connect(to: self, emptyText: "Loading…")
    }

    /// Loads the sessions each time the screen shows.
    override func viewWillAppear() {
        reload()
    }

    /// The table has the focus.
    override var preferredFirstResponder: View? { table }

    /// End a session, change the password, delete the account.
    override var keyCommands: [KeyCommand] {
        [
            KeyCommand(.character("e"), "End session", action: .endSession, isMain: true),
            KeyCommand(.character("p"), "Password", action: .changePassword, isMain: true),
            KeyCommand(.character("x"), "Delete account", action: .deleteAccount, isMain: true),
        ]
    }

    /// The account's actions.
    override func perform(_ action: Action, sender: AnyObject?) -> Bool {
        switch action {
        case .endSession: endHighlightedSession()
        case .changePassword: navigationController?.push(AccountFormController(.changePassword, session: session))
        case .deleteAccount: navigationController?.push(AccountFormController(.deleteAccount, session: session))
        default: return false
        }
        return true
    }

    /// Asks before ending the highlighted session; this one is ended by logging out instead.
    private func endHighlightedSession() {
        guard let row = table.highlightedRow, sessions.indices.contains(row) else { return }
        let chosen = sessions[row]
        guard !chosen.isCurrent else {
            return show("This is the session you are using: `qwinkle logout` ends it.", failed: true)
        }
        window?.present(ConfirmController(question: "Sign out \(chosen.clientName)?") { [weak self] in
            guard let self else { return }
            let api = session.api
            Task {
                do {
                    try await api.endSession(chosen.id)
                    self.show("Signed out \(chosen.clientName).", failed: false)
                    self.reload()
                } catch {
                    self.show(String(describing: error), failed: true)
                }
            }
        })
    }

    /// Reads the sessions again.
    private func reload() {
        let api = session.api
        Task {
            do {
                sessions = try await api.sessions()
            } catch {
                table.emptyText = String(describing: error)
            }
            table.reloadData()
        }
    }

    /// Shows a message under the table.
    private func show(_ text: String, failed: Bool) {
        message.text = StyledText(text, style: failed ? TextStyle(foreground: .red, bold: true) : .faint)
    }

    /// Enter on a session asks to end it, as `e` does.
    func tableView(_ tableView: TableView, didSelectRow row: Int) {
        endHighlightedSession()
    }

    /// As many rows as sessions.
    func numberOfRows(in tableView: TableView) -> Int { sessions.count }

    /// The client, then when it signed in and was last used.
    func tableView(_ tableView: TableView, cellForRow row: Int) -> TableCell {
        let shown = sessions[row]
        return TableCell(lines: [
            StyledText(runs: [.init(shown.clientName, style: .strong), .init(shown.isCurrent ? " · this app" : "", style: .faint)]),
            StyledText("signed in " + Self.ago(shown.createdAt) + " · last used " + Self.ago(shown.lastUsedAt), style: .faint),
        ])
    }

    /// "just now", "5m ago", or the day for older times.
    private static func ago(_ date: Date) -> String {
        let age = TimelineEntry.age(of: date, now: .now)
        if age == "now" { return "just now" }
        return age.contains("-") ? "on " + age : age + " ago"
    }
}
