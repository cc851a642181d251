import QwinkleKit

/// Told what happens in a table (talk 000's delegate): the table does the work, the delegate decides what it means.
@MainActor
public protocol TableViewDelegate: AnyObject {
    /// A row was chosen: Enter on it, or a click.
    func tableView(_ tableView: TableView, didSelectRow row: Int)
    /// The highlighted row changed (arrow keys, the wheel, a click).
    func tableView(_ tableView: TableView, didHighlightRow row: Int?)
    /// A row is about to be shown; the last row's turn is when to load an older page.
    func tableView(_ tableView: TableView, willDisplayRow row: Int)
}

extension TableViewDelegate {
    /// By default nothing happens on a change of highlight.
    public func tableView(_ tableView: TableView, didHighlightRow row: Int?) {}
    /// By default nothing happens before a row is shown.
    public func tableView(_ tableView: TableView, willDisplayRow row: Int) {}
}
