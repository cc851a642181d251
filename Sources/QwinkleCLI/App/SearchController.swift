import Foundation
import QwinkleClient
import QwinkleKit
import QwinkleTerminalUI

/// Search, opened with `/` from anywhere: a query field over the entries found, best match first, each with the
/// words it matched shown bold and reversed. Enter in the field searches; ↓ or Tab goes to the results, where
/// Enter opens one and the end coming into view loads the next page. The last query and its results stay while
/// you look elsewhere, as the compose screen keeps its draft.
final class SearchController: ViewController, TableViewDataSource, TableViewDelegate {
    /// The server.
    private let session: AppSession
    /// The query as typed.
    private let field = TextField(placeholder: "Words, \"a phrase\", -not, from:@someone, kind:dream, has:photo; Enter")
    /// What the last search found, or why it found nothing.
    private let status = Label()
    /// The results.
    let table = TableView(rowHeight: 4)
    /// The results so far, best first.
    private(set) var results: [SearchResult] = []
    /// The query the results are for.
    private var searched = ""
    /// The next page's cursor, when there is one.
    private var nextCursor: String?
    /// Whether a page is on its way.
    private var isLoading = false

    /// The search screen.
    init(session: AppSession) {
        self.session = session
        super.init()
        title = "Search"
    }

    /// The field, the status line and the results.
    override func loadView() -> View {
        StackView(margin: 0, rows: [(field, 1), (status, 1), (table, nil)])
    }

    /// Connects the field and the table.
    override func viewDidLoad() {
        field.addTarget(self, action: .search, for: .primaryActionTriggered)
        table.connect(to: self, emptyText: "")
        status.text = StyledText("Type what to look for, then Enter.", style: .faint)
    }

    /// The field has the focus, ready to type.
    override var preferredFirstResponder: View? { field }

    /// Open, for the results.
    override var keyCommands: [KeyCommand] {
        [KeyCommand(.enter, "Search / Open", action: Action("open"), isMain: true)]
    }

    /// ↓ from the field goes to the results, ↑ from the first result back to the field.
    override func handleKey(_ key: Key) -> Bool {
        switch key {
        case .down where window?.firstResponder === field && !results.isEmpty:
            _ = window?.makeFirstResponder(table)
            table.highlight(table.highlightedRow ?? 0)
            return true
        case .up where window?.firstResponder === table && (table.highlightedRow ?? 0) == 0:
            return window?.makeFirstResponder(field) ?? false
        default:
            return super.handleKey(key)
        }
    }

    /// Searches, or opens the highlighted result.
    override func perform(_ action: Action, sender: AnyObject?) -> Bool {
        switch action {
        case .search: search()
        case Action("open"): table.highlightedRow.map { tableView(table, didSelectRow: $0) }
        default: return false
        }
        return true
    }

    /// Runs the query in the field from its first page.
    private func search() {
        let query = field.text.trimmingCharacters(in: .whitespaces)
        guard !query.isEmpty else { return }
        status.text = StyledText("Searching…", style: .faint)
        load(query, cursor: nil)
    }

    /// Loads a page of `query`'s results: the first replaces what is shown, a later one is added below.
    private func load(_ query: String, cursor: String?) {
        guard !isLoading || cursor == nil else { return }
        isLoading = true
        let api = session.api
        Task {
            defer { isLoading = false }
            do {
                let page = try await api.searchEntries(query, cursor: cursor)
                let old = results
                if cursor == nil {
                    searched = query
                    results = page.items
                } else {
                    guard query == searched else { return }
                    results += page.items.filter { item in !old.contains { $0.id == item.id } }
                }
                nextCursor = page.nextCursor
                table.emptyText = "Nothing found for \(query)."
                table.apply(ListDiff(from: old, to: results))
                status.text = statusText
            } catch {
                // A query the server cannot read (an unknown filter, an unbalanced quote) says why in one line.
                status.text = StyledText(String(describing: error), style: TextStyle(foreground: .red))
            }
        }
    }

    /// How many results, and whether there are more.
    private var statusText: StyledText {
        let count = results.count == 1 ? "1 entry" : "\(results.count) entries"
        return StyledText("\(count) for \(searched)\(nextCursor == nil ? "" : " · more below")", style: .faint)
    }

    // MARK: Data source and delegate

    /// As many rows as results.
    func numberOfRows(in tableView: TableView) -> Int { results.count }

    /// Who and when, then the snippet with its matching words marked.
    func tableView(_ tableView: TableView, cellForRow row: Int) -> TableCell {
        let result = results[row]
        let header = result.entry.cell(width: tableView.frame.width).lines.first ?? StyledText("")
        return TableCell(lines: [header] + result.snippet.lines(width: max(tableView.frame.width - 4, 10), limit: 2))
    }

    /// Opens the entry.
    func tableView(_ tableView: TableView, didSelectRow row: Int) {
        guard results.indices.contains(row) else { return }
        let controller = EntryController(entry: results[row].entry, session: session)
        controller.onChange = { [weak self] changed in
            guard let self, let index = results.firstIndex(where: { $0.id == changed.id }) else { return }
            let old = results
            results[index].entry = changed
            table.apply(ListDiff(from: old, to: results))
        }
        navigationController?.push(controller)
    }

    /// The last result coming into view loads the next page.
    func tableView(_ tableView: TableView, willDisplayRow row: Int) {
        if row == results.count - 1, let cursor = nextCursor { load(searched, cursor: cursor) }
    }
}
