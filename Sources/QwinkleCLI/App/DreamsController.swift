import Foundation
import QwinkleClient
import QwinkleKit
import QwinkleTerminalUI

/// Your dreams through `DreamListModel` (talk 001): browsing, choosing and sharing are one mode value;
/// duplicate, delete and the favourite creature are all steps of one `UndoHistory` of whole model values, and
/// every step, undo and redo included, reaches the table, the favourite's line and the server from one diff.
final class DreamsController: ViewController, TableViewDataSource, TableViewDelegate {
    /// The server.
    private let session: AppSession
    /// The model's history: its current value is the truth the screen shows.
    private(set) var history = UndoHistory(DreamListModel())
    /// What the screen is doing.
    private(set) var mode = DreamListMode.viewing
    /// The dreams that exist on the server (not in its trash), to bring it in line after each step.
    private var onServer: Set<Entry.ID> = []
    /// The favourite creature's line: its own section, reloaded only when the diff says it changed.
    private let favorite = Label()
    /// The mode's line.
    private let modeLine = Label()
    /// The dreams.
    let table = TableView(rowHeight: 2)
    /// What happened last.
    private let message = Label()
    /// Where shared cards are written.
    private let shareFolder: URL
    /// The last step's changes on their way to the server.
    private var syncTask: Task<Void, Never>?

    /// The dreams screen.
    init(session: AppSession, shareFolder: URL) {
        self.session = session
        self.shareFolder = shareFolder
        super.init()
        title = "Dreams"
    }

    /// The favourite, the mode, the table, the message.
    override func loadView() -> View {
        StackView(margin: 0, rows: [(favorite, 1), (modeLine, 1), (table, nil), (message, 1)])
    }

    /// Connects the table and loads the dreams.
    override func viewDidLoad() {
        table.connect(to: self, emptyText: "Loading your dreams…")
        showFavorite()
        showMode()
        load()
    }

    /// The table has the focus.
    override var preferredFirstResponder: View? { table }

    /// The keys of the current mode.
    override var keyCommands: [KeyCommand] {
        switch mode {
        case .viewing:
            [
                KeyCommand(.enter, "Card", action: Action("open"), isMain: true),
                KeyCommand(.character("d"), "Duplicate", action: .duplicateDream, isMain: true),
                KeyCommand(.character("x"), "Delete", action: .deleteDream, isMain: true),
                KeyCommand(.character("f"), "Favourite", action: .favorite, isMain: true),
                KeyCommand(.character("s"), "Share", action: .share, isMain: true),
                KeyCommand(.character("u"), "Undo", action: .undo, isMain: true),
                KeyCommand(.control("z"), "Undo", action: .undo),
                KeyCommand(.character("U"), "Redo", action: .redo, isMain: true),
                KeyCommand(.control("y"), "Redo", action: .redo),
            ]
        case .selecting:
            [
                KeyCommand(.character(" "), "Choose", action: Action("choose"), isMain: true),
                KeyCommand(.character("s"), "Done", action: .share, isMain: true),
                KeyCommand(.escape, "Cancel", action: .cancel, isMain: true),
            ]
        case .duplicating:
            [KeyCommand(.enter, "Copy this one", action: Action("open"), isMain: true), KeyCommand(.escape, "Cancel", action: .cancel, isMain: true)]
        case .sharing:
            [KeyCommand(.escape, "Cancel", action: .cancel, isMain: true)]
        }
    }

    /// Every action of the screen.
    override func perform(_ action: Action, sender: AnyObject?) -> Bool {
        let highlighted = table.highlightedRow.flatMap { row in history.current.order.indices.contains(row) ? history.current.order[row] : nil }
        switch action {
        case .undo:
            if let change = history.undo() { apply(change, saying: "Undone.") }
        case .redo:
            if let change = history.redo() { apply(change, saying: "Redone.") }
        case .deleteDream:
            guard mode == .viewing, let id = highlighted else { return true }
            if let change = history.change({ $0.remove(id) }) { apply(change, saying: "Deleted; u undoes it.") }
        case .favorite:
            guard mode == .viewing, let id = highlighted, let creature = history.current[id]?.dream?.creature else { return true }
            if let change = history.change({ $0.favoriteCreature = creature }) { apply(change, saying: "\(creature.displayName) is your favourite.") }
        case .duplicateDream:
            mode.duplicate()
        case .share:
            if mode == .viewing { mode.share() } else { finishSharing() }
        case Action("choose"):
            if let id = highlighted { mode.toggle(id) }
            table.reloadData()
        case .cancel:
            guard mode != .viewing else { return false }
            mode.cancel()
            table.reloadData()
        case Action("open"):
            guard let row = table.highlightedRow else { return true }
            tableView(table, didSelectRow: row)
        default: return false
        }
        showMode()
        return true
    }

    /// One step of the model, whatever made it: the table from the diff, the favourite's line only if it changed,
    /// and the server brought in line.
    private func apply(_ change: ModelChange<DreamListModel>, saying text: String) {
        let difference = change.difference
        table.apply(difference.entries)
        if difference.favoriteCreatureChanged { showFavorite() }
        message.text = StyledText(text, style: .faint)
        syncServer(favoriteChanged: difference.favoriteCreatureChanged)
    }

    /// Deletes on the server what the model no longer has, brings back from the trash what it has again, and sets
    /// the favourite creature.
    private func syncServer(favoriteChanged: Bool) {
        let model = history.current
        let now = Set(model.order)
        let gone = onServer.subtracting(now)
        let back = now.subtracting(onServer)
        onServer = now
        let api = session.api
        // Steps reach the server in the order they were made: each waits for the one before.
        let previous = syncTask
        syncTask = Task {
            await previous?.value
            do {
                for id in gone { try await api.deleteEntry(id) }
                for id in back { _ = try await api.restoreDeleted(id) }
                if favoriteChanged {
                    _ = try await api.updateProfile(favoriteCreature: model.favoriteCreature.map(FieldChange.set) ?? .remove)
                }
            } catch {
                message.text = StyledText(String(describing: error), style: TextStyle(foreground: .red))
            }
        }
    }

    /// Loads your dreams and your favourite creature; a fresh history starts from them.
    private func load() {
        let api = session.api
        guard let username = session.username else { return }
        Task {
            do {
                let account = try await api.me()
                var dreams: [Entry] = []
                var cursor: String?
                repeat {
                    let page = try await api.timeline(.account(username), limit: 100, before: cursor)
                    dreams += page.items.map(\.entry).filter { $0.dream != nil }
                    cursor = page.nextCursor
                } while cursor != nil && dreams.count < 500
                history = UndoHistory(DreamListModel(entries: dreams, favoriteCreature: account.favoriteCreature))
                onServer = Set(history.current.order)
                table.emptyText = "No dreams yet: `qwinkle dream` records one."
                table.reloadData()
                showFavorite()
                showMode()
            } catch {
                message.text = StyledText(String(describing: error), style: TextStyle(foreground: .red))
            }
        }
    }

    /// A dream posted elsewhere in the app joins the model at the top, as a step that can be undone like a
    /// duplicate (undoing it deletes it).
    func add(_ entry: Entry) {
        guard history.current[entry.id] == nil else { return }
        onServer.insert(entry.id)
        if let change = history.change({ $0.insert(entry, at: 0) }) { apply(change, saying: "Posted; u undoes it.") }
        showMode()
    }

    /// Duplicates a dream: the copy is made on the server first, for its ID, then the step is recorded.
    private func duplicate(_ id: Entry.ID) {
        guard let original = history.current[id] else { return }
        let copy = original.duplicate(id: id, createdAt: Date())
        let api = session.api
        Task {
            do {
                let posted = try await api.createEntry(copy.content, idempotencyKey: UUID().uuidString)
                onServer.insert(posted.id)
                var mode = mode
                let change = history.change { model in
                    _ = mode.pick(id, in: &model, copyID: posted.id, createdAt: posted.entry.createdAt)
                }
                self.mode = mode
                if let change { apply(change, saying: "Duplicated; u undoes it.") }
                showMode()
            } catch {
                message.text = StyledText(String(describing: error), style: TextStyle(foreground: .red))
            }
        }
    }

    /// Done while choosing: writes the chosen cards as SVG files, then back to browsing.
    private func finishSharing() {
        mode.done(in: history.current)
        guard case .sharing(let ids) = mode else { return table.reloadData() }
        var written: [String] = []
        for id in ids {
            guard let entry = history.current[id], let card = DreamCard(entry: entry) else { continue }
            let url = shareFolder.appendingPathComponent("dream-\(id).svg")
            if (try? Data(card.svg().utf8).write(to: url, options: .atomic)) != nil { written.append(url.lastPathComponent) }
        }
        message.text = StyledText("Shared \(written.count) card\(written.count == 1 ? "" : "s") in \(shareFolder.path): \(written.joined(separator: ", "))", style: .faint)
        mode = .viewing
        table.reloadData()
    }

    /// The favourite creature's line.
    private func showFavorite() {
        let name = history.current.favoriteCreature?.displayName ?? "none yet (f on a dream)"
        favorite.text = StyledText(runs: [.init("Favourite creature: ", style: .faint), .init(name, style: .strong)])
    }

    /// The mode's line.
    private func showMode() {
        let text: String
        switch mode {
        case .viewing:
            text = "\(Plural.count(history.current.count, "dream")) · \(history.undoCount) to undo, \(history.redoCount) to redo"
        case .selecting(let chosen): text = "Choose dreams to share (Space), then s: \(chosen.count) chosen"
        case .duplicating: text = "Choose the dream to copy (Enter), or Esc"
        case .sharing(let ids): text = "Sharing \(ids.count)"
        }
        modeLine.text = StyledText(text, style: .faint)
    }

    // MARK: Data source and delegate

    /// One row per dream.
    func numberOfRows(in tableView: TableView) -> Int { history.current.count }

    /// A dream: its creatures and effects, then its description; chosen ones ticked while choosing.
    func tableView(_ tableView: TableView, cellForRow row: Int) -> TableCell {
        let id = history.current.order[row]
        guard let entry = history.current[id], let dream = entry.dream else { return TableCell("") }
        var tick = ""
        if case .selecting(let chosen) = mode { tick = chosen.contains(id) ? "[x] " : "[ ] " }
        let effects = dream.effects.sorted().map(\.displayName).joined(separator: ", ")
        return TableCell(lines: [
            StyledText(runs: [
                .init(tick + "\(dream.creature.displayName) ×\(dream.numberOfCreatures.rawValue)", style: .strong),
                .init(effects.isEmpty ? "" : " · \(effects)", style: .faint),
                .init("  #\(id)", style: .faint),
            ]),
            StyledText(entry.body),
        ])
    }

    /// Enter: in duplicating mode copies the dream, in choosing mode chooses it, else opens its card.
    func tableView(_ tableView: TableView, didSelectRow row: Int) {
        let id = history.current.order[row]
        switch mode {
        case .duplicating: duplicate(id)
        case .selecting:
            mode.toggle(id)
            table.reloadData()
            showMode()
        case .viewing, .sharing:
            guard let entry = history.current[id], let username = session.username else { return }
            let author = Account(id: entry.author, username: username, displayName: username, bio: "", avatar: nil, favoriteCreature: nil, createdAt: entry.createdAt)
            navigationController?.push(EntryController(entry: TimelineEntry(entry: entry, author: author, marked: false), session: session))
        }
    }
}
