import QwinkleKit

/// Rows of cells from a data source, one highlighted, scrolled to keep it in view; Enter or a click selects,
/// ↑ ↓ PgUp PgDn Home End and the wheel move. Changes arrive as a `ListDiff` (`apply(_:)`), so only the rows
/// that are new or changed are asked for again, and the highlight stays on the same item as rows come and go.
@MainActor
public final class TableView: Control {
    /// Supplies the rows.
    public weak var dataSource: (any TableViewDataSource)?
    /// Told of selection and scrolling.
    public weak var delegate: (any TableViewDelegate)?
    /// How many screen rows each table row takes.
    public var rowHeight: Int {
        didSet { setNeedsLayout() }
    }
    /// Shown when there are no rows.
    public var emptyText = ""
    /// The highlighted row.
    public private(set) var highlightedRow: Int?
    /// The first row shown.
    public private(set) var firstVisibleRow = 0
    /// The cells the table has, by row; `nil` for one not asked for yet (or changed since).
    private var cells: [TableCell?] = []

    /// An empty table.
    public init(rowHeight: Int = 1) {
        self.rowHeight = max(1, rowHeight)
        super.init()
    }

    /// Makes one object the table's data source and delegate, as a screen's controller usually is, with the text
    /// shown until it has rows.
    public func connect(to controller: some TableViewDataSource & TableViewDelegate, emptyText: String) {
        dataSource = controller
        delegate = controller
        self.emptyText = emptyText
    }

    /// How many rows there are.
    public var numberOfRows: Int { cells.count }

    /// How many rows fit.
    public var visibleRowCount: Int { max(1, frame.height / rowHeight) }

    /// Forgets every cell and asks the data source again from the start.
    public func reloadData() {
        let count = dataSource?.numberOfRows(in: self) ?? 0
        cells = Array(repeating: nil, count: count)
        if let highlightedRow { highlight(count == 0 ? nil : min(highlightedRow, count - 1)) } else if count > 0 { highlight(0) }
        scrollToHighlight()
        setNeedsDisplay()
    }

    /// Updates the rows from a diff of the data source's old and new lists, keeping the cells of rows that did
    /// not change, and the highlight on the item it was on (or near where a deleted one was). When the diff does
    /// not fit the table (the data source's count disagrees), the table reloads instead.
    public func apply<Element>(_ diff: ListDiff<Element>) {
        guard !diff.isEmpty else { return }
        let newCount = cells.count - diff.deletions.count + diff.insertions.count
        guard newCount == dataSource?.numberOfRows(in: self), let oldIndexes = Self.oldIndexes(for: diff, oldCount: cells.count) else {
            reloadData()
            return
        }
        var newCells = oldIndexes.map { $0.flatMap { cells[$0] } }
        for update in diff.updates where newCells.indices.contains(update.newIndex) { newCells[update.newIndex] = nil }
        let oldHighlight = highlightedRow
        cells = newCells
        if let oldHighlight {
            let moved = oldIndexes.firstIndex { $0 == oldHighlight }
            let nearest = diff.deletions.filter { $0 < oldHighlight }.count
            highlight(newCount == 0 ? nil : moved ?? min(max(oldHighlight - nearest, 0), newCount - 1))
        } else if newCount > 0 {
            highlight(0)
        }
        // Rows arriving above keep the rows being read where they were on the screen.
        let insertedAbove = diff.insertions.filter { $0.index < firstVisibleRow }.count
        let deletedAbove = diff.deletions.filter { $0 < firstVisibleRow }.count
        firstVisibleRow = max(0, firstVisibleRow + insertedAbove - deletedAbove)
        scrollToHighlight()
        setNeedsDisplay()
    }

    /// Highlights a row (clamped to the rows there are), scrolls to it and tells the delegate.
    public func highlight(_ row: Int?) {
        let clamped = row.map { min(max($0, 0), cells.count - 1) }.flatMap { $0 >= 0 ? $0 : nil }
        guard clamped != highlightedRow else { return }
        highlightedRow = clamped
        scrollToHighlight()
        setNeedsDisplay()
        delegate?.tableView(self, didHighlightRow: clamped)
    }

    /// The cell of a row, asked of the data source if the table does not have it.
    public func cell(at row: Int) -> TableCell? {
        guard cells.indices.contains(row) else { return nil }
        if let cell = cells[row] { return cell }
        guard let cell = dataSource?.tableView(self, cellForRow: row) else { return nil }
        cells[row] = cell
        return cell
    }

    /// The rows shown, each cell's lines; the highlighted one reversed while the table has the focus, and marked
    /// with `›` either way.
    override public func draw(in canvas: inout Canvas) {
        guard !cells.isEmpty else {
            canvas.write(emptyText, column: 2, row: 0, style: .faint)
            return
        }
        let last = min(cells.count, firstVisibleRow + visibleRowCount)
        for row in firstVisibleRow..<last {
            delegate?.tableView(self, willDisplayRow: row)
            guard let cell = cell(at: row) else { continue }
            let top = (row - firstVisibleRow) * rowHeight
            let highlighted = row == highlightedRow
            if highlighted, isFirstResponder {
                canvas.fill(CellRect(column: 0, row: top, width: frame.width, height: rowHeight), style: .highlighted)
            }
            for (offset, line) in cell.lines.prefix(rowHeight).enumerated() {
                let shown = highlighted && isFirstResponder ? StyledText(runs: line.runs.map { run in
                    var run = run
                    run.style.reverse = true
                    return run
                }) : line
                canvas.write(highlighted && offset == 0 ? "›" : " ", column: 0, row: top + offset, style: highlighted && isFirstResponder ? .highlighted : .strong)
                canvas.write(shown, column: 2, row: top + offset)
            }
        }
    }

    /// The arrow keys and paging move the highlight; Enter selects.
    override public func handleKey(_ key: Key) -> Bool {
        guard !cells.isEmpty else { return false }
        let current = highlightedRow ?? 0
        switch key.code {
        case .up where key.modifiers.isEmpty:
            guard current > 0 else { return false }
            highlight(current - 1)
        case .down where key.modifiers.isEmpty:
            guard current < cells.count - 1 else { return false }
            highlight(current + 1)
        case .character("k"): highlight(current - 1)
        case .character("j"): highlight(current + 1)
        case .pageUp: highlight(current - visibleRowCount)
        case .pageDown: highlight(current + visibleRowCount)
        case .home: highlight(0)
        case .end: highlight(cells.count - 1)
        case .enter: delegate?.tableView(self, didSelectRow: current)
        default: return false
        }
        return true
    }

    /// A click highlights and selects the row under it; the wheel scrolls.
    override public func handleMouse(_ event: MouseEvent) -> Bool {
        switch event.kind {
        case .press(0):
            let row = firstVisibleRow + event.position.row / rowHeight
            guard cells.indices.contains(row) else { return true }
            highlight(row)
            delegate?.tableView(self, didSelectRow: row)
        case .wheelUp: highlight((highlightedRow ?? 0) - 3)
        case .wheelDown: highlight((highlightedRow ?? 0) + 3)
        default: return false
        }
        return true
    }

    /// Keeps the highlighted row in view after a resize.
    override public func layoutSubviews() {
        scrollToHighlight()
    }

    /// Scrolls as little as needed to show the highlighted row.
    private func scrollToHighlight() {
        let maxFirst = max(0, cells.count - visibleRowCount)
        if let highlightedRow {
            if highlightedRow < firstVisibleRow { firstVisibleRow = highlightedRow }
            if highlightedRow >= firstVisibleRow + visibleRowCount { firstVisibleRow = highlightedRow - visibleRowCount + 1 }
        }
        firstVisibleRow = min(max(0, firstVisibleRow), maxFirst)
    }

    /// For each new row, the old row it was (`nil` for an insertion), placing rows as `ListDiff.applied` does;
    /// `nil` when the diff does not fit a list of `oldCount` rows.
    static func oldIndexes<Element>(for diff: ListDiff<Element>, oldCount: Int) -> [Int?]? {
        let newCount = oldCount - diff.deletions.count + diff.insertions.count
        guard newCount >= 0 else { return nil }
        var taken = [Bool](repeating: false, count: oldCount)
        for oldIndex in diff.deletions + diff.moves.map(\.from) {
            guard taken.indices.contains(oldIndex), !taken[oldIndex] else { return nil }
            taken[oldIndex] = true
        }
        var result = [Int?](repeating: nil, count: newCount)
        var placed = [Bool](repeating: false, count: newCount)
        for insertion in diff.insertions {
            guard placed.indices.contains(insertion.index), !placed[insertion.index] else { return nil }
            placed[insertion.index] = true
        }
        for move in diff.moves {
            guard placed.indices.contains(move.to), !placed[move.to] else { return nil }
            placed[move.to] = true
            result[move.to] = move.from
        }
        var staying = (0..<oldCount).lazy.filter { !taken[$0] }.makeIterator()
        for index in result.indices where !placed[index] {
            guard let old = staying.next() else { return nil }
            result[index] = old
        }
        return result
    }
}
