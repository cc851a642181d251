import Foundation
import QwinkleClient
import QwinkleKit
import QwinkleTerminalUI

/// An entry's thread: the entries it answers above it, then its replies in reply order, indented by depth, more
/// loaded as the end comes into view. Enter opens a row's entry, R answers it and shows the reply in its place.
final class ThreadController: ViewController, TableViewDataSource, TableViewDelegate {
    /// The entry the thread was opened on.
    private let entryID: Entry.ID
    /// The server.
    private let session: AppSession
    /// The model, the one truth the table shows; every change goes through `update` and reaches the table as a diff.
    private(set) var model = ThreadModel()
    /// The table.
    private let table = TableView(rowHeight: 4)
    /// The line above the table: loading, how many replies, what happened last.
    private let status = Label()
    /// What happened last (a reply posted), shown in the status line until the next change.
    private var notice: String?
    /// Whether a page of replies is on its way.
    private var isLoading = false
    /// Told when an entry changes here (marked, edited, answered), so the screen below shows it too.
    var onChange: ((TimelineEntry) -> Void)?

    /// A controller of the thread of `entry`.
    init(entry: TimelineEntry, session: AppSession) {
        entryID = entry.id
        self.session = session
        super.init()
        title = "Thread of #\(entry.id)"
    }

    /// The status line and the table.
    override func loadView() -> View {
        StackView(margin: 0, rows: [(status, 1), (table, nil)])
    }

    /// Connects the table and loads the thread.
    override func viewDidLoad() {
        table.connect(to: self, emptyText: "Loading…")
        refresh()
    }

    /// The table has the focus.
    override var preferredFirstResponder: View? { table }

    /// The thread's keys.
    override var keyCommands: [KeyCommand] {
        [
            KeyCommand(.enter, "Open", action: Action("open"), isMain: true),
            KeyCommand(.character("R"), "Reply", action: .reply, isMain: true),
            KeyCommand(.character("m"), "Mark", action: .mark, isMain: true),
            KeyCommand(.character("r"), "Refresh", action: .refresh),
        ]
    }

    /// Opens, replies, marks, refreshes.
    override func perform(_ action: Action, sender: AnyObject?) -> Bool {
        switch action {
        case Action("open"): table.highlightedRow.map { tableView(table, didSelectRow: $0) }
        case .reply: highlighted.map(reply(to:))
        case .mark: highlighted.map(toggleMark(of:))
        case .refresh: refresh()
        default: return false
        }
        return true
    }

    /// Changes the model and updates the table from the diff of old and new.
    private func update(_ change: (inout ThreadModel) -> Void) {
        let old = model
        change(&model)
        guard model != old else { return }
        table.emptyText = model.failure ?? "Loading…"
        table.apply(ListDiff(from: old.rows, to: model.rows))
        if old.focus == nil, let opened = model.rows.firstIndex(where: { $0.place == .opened }) { table.highlight(opened) }
        status.text = statusText
    }

    /// The status line's words.
    private var statusText: StyledText {
        if let failure = model.failure { return StyledText(failure, style: TextStyle(foreground: .red, bold: true)) }
        guard model.isLoaded else { return StyledText("Loading the thread…", style: .faint) }
        let more = model.nextCursor == nil ? "" : " so far"
        let count = "\(Plural.count(model.replies.count, "reply", "replies")) below\(more)"
        return StyledText(notice.map { "\(count) · \($0)" } ?? count, style: .faint)
    }

    /// The entry of the highlighted row.
    private var highlighted: TimelineEntry? {
        guard let row = table.highlightedRow, model.rows.indices.contains(row) else { return nil }
        return model.rows[row].entry
    }

    /// Loads the thread's first page again.
    private func refresh() {
        let api = session.api
        let id = entryID
        Task {
            do {
                let page = try await api.thread(id)
                notice = nil
                update { $0.show(page) }
            } catch {
                update { $0.failure = String(describing: error) }
            }
        }
    }

    /// Loads the next page of replies, once at a time.
    private func loadMore() {
        guard !isLoading, let cursor = model.nextCursor else { return }
        isLoading = true
        let api = session.api
        let id = entryID
        Task {
            defer { isLoading = false }
            guard let page = try? await api.thread(id, after: cursor) else { return }
            update { $0.appendPage(page) }
        }
    }

    /// Opens the compose screen answering `parent`; the reply posted takes its place in the thread.
    private func reply(to parent: TimelineEntry) {
        let composer = ComposeController(session: session, replyingTo: parent)
        composer.onPosted = { [weak self] posted in self?.posted(posted, answering: parent.id) }
        navigationController?.push(composer)
    }

    /// A reply was posted to `parent` here or from an entry opened here (`nil` when it waits to be sent).
    private func posted(_ reply: TimelineEntry?, answering parent: Entry.ID) {
        notice = reply == nil ? "Reply queued." : "Reply posted."
        if let reply { update { $0.insert(reply, answering: parent) } } else { status.text = statusText }
        model.rows.first { $0.id == parent }.map { onChange?($0.entry) }
    }

    /// Marks or unmarks an entry of the thread.
    private func toggleMark(of entry: TimelineEntry) {
        let api = session.api
        Task {
            let changed = try? await api.toggleMark(of: entry)
            if let changed { changedHere(changed) }
        }
    }

    /// A new value of an entry of the thread.
    private func changedHere(_ entry: TimelineEntry) {
        update { $0.replace(entry) }
        onChange?(entry)
    }

    // MARK: Data source and delegate

    /// As many rows as entries in the thread.
    func numberOfRows(in tableView: TableView) -> Int { model.rows.count }

    /// A row: the entry's cell, indented by its depth; the opened entry's header marked.
    func tableView(_ tableView: TableView, cellForRow row: Int) -> TableCell {
        model.rows[row].cell(width: tableView.frame.width)
    }

    /// Opens the row's entry; what changes there changes here, and a reply posted there is shown here.
    func tableView(_ tableView: TableView, didSelectRow row: Int) {
        guard model.rows.indices.contains(row) else { return }
        let entry = model.rows[row].entry
        let controller = EntryController(entry: entry, session: session)
        controller.onChange = { [weak self] changed in self?.changedHere(changed) }
        controller.onReplied = { [weak self] reply in self?.posted(reply, answering: entry.id) }
        navigationController?.push(controller)
    }

    /// The last row coming into view loads the next page of replies.
    func tableView(_ tableView: TableView, willDisplayRow row: Int) {
        if row == model.rows.count - 1 { loadMore() }
    }
}
