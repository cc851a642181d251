import Foundation
import QwinkleClient
import QwinkleKit
import QwinkleTerminalUI

/// A timeline (home, public, journal, marked): its entries in a table, older pages loaded as the end comes into
/// view, new entries arriving live from the server's stream, and the cached copy, marked stale, when offline.
final class TimelineController: ViewController, TableViewDataSource, TableViewDelegate {
    /// Which timeline.
    let timeline: Timeline
    /// The server.
    private let session: AppSession
    /// The model, the one truth the table shows; every change goes through `update` and reaches the table as a diff.
    private(set) var model = TimelineModel()
    /// The table.
    let table = TableView(rowHeight: 4)
    /// The line above the table: stale, loading, or how many entries.
    private let status = Label()
    /// Whether an older page is on its way.
    private var isLoadingOlder = false
    /// The live stream's task, running while the screen is shown.
    private var liveTask: Task<Void, Never>?
    /// The entry to highlight once the first page has come (restored state).
    var entryToSelect: Entry.ID?
    /// Told which entry is highlighted, for the saved state.
    var onHighlight: ((Entry.ID?) -> Void)?

    /// A controller of one timeline.
    init(timeline: Timeline, title: String, session: AppSession) {
        self.timeline = timeline
        self.session = session
        super.init()
        self.title = title
    }

    /// The status line and the table.
    override func loadView() -> View {
        StackView(margin: 0, rows: [(status, 1), (table, nil)])
    }

    /// Connects the table.
    override func viewDidLoad() {
        table.connect(to: self, emptyText: "Loading…")
    }

    /// The table has the focus.
    override var preferredFirstResponder: View? { table }

    /// Loads the first page, then listens live for as long as the app runs, so entries that arrive while another
    /// screen is in front are there on coming back.
    override func viewWillAppear() {
        if !model.isLoaded { refresh() }
        startLive()
    }

    /// The timeline's keys.
    override var keyCommands: [KeyCommand] {
        [
            KeyCommand(.enter, "Open", action: Action("open"), isMain: true),
            KeyCommand(.character("m"), "Mark", action: .mark, isMain: true),
            KeyCommand(.character("r"), "Refresh", action: .refresh),
        ]
    }

    /// Marks, refreshes, opens.
    override func perform(_ action: Action, sender: AnyObject?) -> Bool {
        switch action {
        case .refresh: refresh()
        case .mark: toggleMark()
        case Action("open"): table.highlightedRow.map { tableView(table, didSelectRow: $0) }
        default: return false
        }
        return true
    }

    /// Changes the model and updates the table from the diff of old and new.
    func update(_ change: (inout TimelineModel) -> Void) {
        let old = model
        change(&model)
        guard model != old else { return }
        table.emptyText = model.isLoaded ? "Nothing here yet." : "Loading…"
        table.apply(ListDiff(from: old.entries, to: model.entries))
        if let id = entryToSelect, let row = model.entries.firstIndex(where: { $0.id == id }) {
            entryToSelect = nil
            table.highlight(row)
        }
        status.text = statusText
    }

    /// The status line's words.
    private var statusText: StyledText {
        if let stale = model.staleReason { return StyledText("Offline: showing the copy last seen. \(stale)", style: TextStyle(foreground: .yellow, bold: true)) }
        guard model.isLoaded else { return StyledText("Loading \(timeline)…", style: .faint) }
        return StyledText("\(Plural.count(model.entries.count, "entry", "entries")) · live", style: .faint)
    }

    /// Loads the first page again.
    func refresh() {
        Task {
            do {
                let result = try await session.timeline(timeline, before: nil)
                update { model in
                    model.entries = result.entries
                    model.nextCursor = if case .fresh(let page, _) = result { page.nextCursor } else { nil }
                    model.staleReason = if case .stale(_, let reason) = result { reason.description } else { nil }
                    model.isLoaded = true
                }
            } catch {
                update { model in
                    model.isLoaded = true
                    model.staleReason = "\(error)"
                }
            }
        }
    }

    /// Follows the server's stream for this timeline, reconnecting after a pause when it drops.
    private func startLive() {
        guard liveTask == nil else { return }
        let api = session.api
        let timeline = timeline
        liveTask = Task { [weak self] in
            while !Task.isCancelled {
                do {
                    for try await event in api.liveEvents(of: timeline) {
                        self?.receive(event)
                    }
                } catch {}
                try? await Task.sleep(for: .seconds(3))
            }
        }
    }

    /// One live event, into the model.
    private func receive(_ event: LiveTimelineEvent) {
        update { model in
            switch event {
            case .created(let entry): model.insertLive(entry)
            case .updated(let entry): model.upsert(entry)
            case .deleted(let id): model.remove(id)
            case .hidden(let authors): model.remove(by: authors)
            }
        }
    }

    /// Marks the highlighted entry, or unmarks it.
    private func toggleMark() {
        guard let row = table.highlightedRow, model.entries.indices.contains(row) else { return }
        let entry = model.entries[row]
        let api = session.api
        Task {
            let changed = try? await api.toggleMark(of: entry)
            if let changed { update { $0.replace(changed) } }
        }
    }

    /// Loads the next older page, once at a time.
    private func loadOlder() {
        guard !isLoadingOlder, let cursor = model.nextCursor else { return }
        isLoadingOlder = true
        Task {
            defer { isLoadingOlder = false }
            guard let result = try? await session.timeline(timeline, before: cursor), case .fresh(let page, _) = result else { return }
            update { $0.appendPage(page.items, nextCursor: page.nextCursor) }
        }
    }

    // MARK: Data source and delegate

    /// As many rows as entries.
    func numberOfRows(in tableView: TableView) -> Int { model.entries.count }

    /// An entry's row.
    func tableView(_ tableView: TableView, cellForRow row: Int) -> TableCell {
        model.entries[row].cell(width: tableView.frame.width)
    }

    /// Opens the entry.
    func tableView(_ tableView: TableView, didSelectRow row: Int) {
        guard model.entries.indices.contains(row) else { return }
        let controller = EntryController(entry: model.entries[row], session: session)
        controller.onChange = { [weak self] changed in self?.update { $0.replace(changed) } }
        navigationController?.push(controller)
    }

    /// Remembers the highlighted entry.
    func tableView(_ tableView: TableView, didHighlightRow row: Int?) {
        onHighlight?(row.flatMap { model.entries.indices.contains($0) ? model.entries[$0].id : nil })
    }

    /// The last row coming into view loads an older page.
    func tableView(_ tableView: TableView, willDisplayRow row: Int) {
        if row == model.entries.count - 1 { loadOlder() }
    }
}
