import Foundation
import QwinkleKit
import Testing

@testable import QwinkleTerminalUI

/// A table updated from a `ListDiff`.
@MainActor
@Suite struct TableViewTests {
    /// A table of rows at 30 × `height`, drawn once.
    private func table(_ source: CountingDataSource, height: Int = 5) -> (TableView, Application) {
        let controller = ViewController()
        let table = TableView()
        table.dataSource = source
        table.frame = CellRect(column: 0, row: 0, width: 30, height: height)
        controller.view.addSubview(table)
        let application = Application()
        application.window.rootViewController = controller
        table.reloadData()
        _ = application.render(width: 30, height: height + 1)
        return (table, application)
    }

    /// Rows of these texts, numbered from 0.
    private func rows(_ texts: [String]) -> [CountingDataSource.Row] {
        texts.enumerated().map { CountingDataSource.Row(id: $0, text: $1) }
    }

    /// An insertion at the top asks only for the new row, shows it, and keeps the highlight on its item.
    @Test func insertionAsksOnlyForTheNewRow() {
        let source = CountingDataSource(rows(["a", "b", "c"]))
        let (table, application) = table(source)
        table.highlight(1)
        source.asked = []
        let old = source.rows
        source.rows.insert(CountingDataSource.Row(id: 9, text: "new"), at: 0)
        table.apply(ListDiff(from: old, to: source.rows))
        let screen = application.render(width: 30, height: 6)
        #expect(source.asked == [0])
        #expect(screen.text(row: 0).hasPrefix("  new"))
        #expect(screen.text(row: 2).hasPrefix("› b"))
        #expect(table.highlightedRow == 2)
    }

    /// A deletion, a move and an update: only the updated row is asked for again.
    @Test func deleteMoveAndUpdate() {
        let source = CountingDataSource(rows(["a", "b", "c", "d"]))
        let (table, application) = table(source)
        source.asked = []
        let old = source.rows
        source.rows = [old[3], old[0], CountingDataSource.Row(id: 2, text: "C!")]
        table.apply(ListDiff(from: old, to: source.rows))
        let screen = application.render(width: 30, height: 6)
        #expect(source.asked == [2])
        #expect(screen.lines.prefix(3).map { $0.trimmingCharacters(in: .whitespaces) } == ["d", "› a", "C!"])
    }

    /// A diff that does not fit the data source's count reloads everything instead.
    @Test func mismatchedDiffReloads() {
        let source = CountingDataSource(rows(["a", "b"]))
        let (table, _) = table(source)
        source.rows = rows(["x", "y", "z"])
        table.apply(ListDiff<CountingDataSource.Row>(deletions: [0]))
        #expect(table.numberOfRows == 3)
        #expect(table.cell(at: 2) == TableCell("z"))
    }

    /// ↓ moves the highlight and scrolls; the last row shown is reported to the delegate for paging.
    @Test func scrollingReportsTheLastRow() {
        /// Records the rows shown.
        final class Pager: TableViewDelegate {
            /// The rows shown so far.
            var shown: Set<Int> = []
            /// Nothing on selection.
            func tableView(_ tableView: TableView, didSelectRow row: Int) {}
            /// Records the row.
            func tableView(_ tableView: TableView, willDisplayRow row: Int) { shown.insert(row) }
        }
        let source = CountingDataSource(rows((0..<10).map(String.init)))
        let (table, application) = table(source, height: 3)
        let pager = Pager()
        table.delegate = pager
        for _ in 0..<9 { application.handle(.key(.down)) }
        _ = application.render(width: 30, height: 4)
        #expect(table.highlightedRow == 9)
        #expect(table.firstVisibleRow == 7)
        #expect(pager.shown.contains(9))
    }
}
