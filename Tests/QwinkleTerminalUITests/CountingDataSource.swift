@testable import QwinkleTerminalUI

/// A table's data source of strings that counts the cells asked for.
@MainActor
final class CountingDataSource: TableViewDataSource {
    /// The rows.
    var rows: [Row]
    /// Each row asked for, in order.
    var asked: [Int] = []

    /// A row: an identity and a text.
    struct Row: Identifiable, Equatable {
        /// The identity.
        var id: Int
        /// The text.
        var text: String
    }

    /// A source of rows.
    init(_ rows: [Row]) {
        self.rows = rows
    }

    /// How many rows.
    func numberOfRows(in tableView: TableView) -> Int { rows.count }

    /// The row's text, counted.
    func tableView(_ tableView: TableView, cellForRow row: Int) -> TableCell {
        asked.append(row)
        return TableCell(StyledText(rows[row].text))
    }
}
