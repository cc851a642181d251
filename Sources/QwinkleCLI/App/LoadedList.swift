import Foundation
import QwinkleKit
import QwinkleTerminalUI

/// The part every list screen of the app shares (notifications, scheduled entries): a table of items loaded from
/// the server, loaded again whenever asked (each time the screen shows, after a change), with the text it shows while
/// loading, when there are none and when the load failed. A screen composes one and keeps its own keys and actions.
@MainActor
final class LoadedList<Item>: TableViewDataSource {
    /// The table, which the screen shows and focuses.
    let table = TableView(rowHeight: 1)
    /// The items shown, in the order loaded.
    private(set) var items: [Item] = []
    /// Asks the server for the items.
    private let load: @MainActor () async throws -> [Item]
    /// What the table says when the server has none.
    private let emptyText: String
    /// How one item reads as a row.
    private let cell: @MainActor (Item) -> TableCell

    /// A list of what `load` returns, each shown by `cell`, saying `emptyText` when there is nothing.
    init(emptyText: String, load: @escaping @MainActor () async throws -> [Item], cell: @escaping @MainActor (Item) -> TableCell) {
        self.emptyText = emptyText
        self.load = load
        self.cell = cell
    }

    /// The view a list screen shows: the table, filling it.
    func makeView() -> View {
        StackView(margin: 0, rows: [(table, nil)])
    }

    /// Takes the rows from this list and tells `delegate` what a choice means; says "Loading…" until the first load.
    func connect(delegate: some TableViewDelegate) {
        table.dataSource = self
        table.delegate = delegate
        table.emptyText = "Loading…"
    }

    /// Loads the items again and shows them, or why they could not be loaded.
    func reload() {
        Task {
            do {
                items = try await load()
                table.emptyText = emptyText
            } catch {
                show(error)
            }
            table.reloadData()
        }
    }

    /// Says why something the screen tried failed, in the table's place when it has no rows.
    func show(_ error: any Error) {
        table.emptyText = String(describing: error)
    }

    /// The highlighted item, if any.
    var highlighted: Item? {
        guard let row = table.highlightedRow, items.indices.contains(row) else { return nil }
        return items[row]
    }

    /// The item at a row, if it exists.
    func item(at row: Int) -> Item? {
        items.indices.contains(row) ? items[row] : nil
    }

    /// As many rows as items.
    func numberOfRows(in tableView: TableView) -> Int { items.count }

    /// The item's row.
    func tableView(_ tableView: TableView, cellForRow row: Int) -> TableCell { cell(items[row]) }
}
