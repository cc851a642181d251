import QwinkleKit

/// Supplies a table's rows (talk 000's data source): the table asks how many there are and, only for the rows
/// it shows and does not already have, what each one shows.
@MainActor
public protocol TableViewDataSource: AnyObject {
    /// How many rows the table has.
    func numberOfRows(in tableView: TableView) -> Int
    /// What a row shows.
    func tableView(_ tableView: TableView, cellForRow row: Int) -> TableCell
}
