extension CellRect {
    /// The cells both rectangles cover (an empty rectangle when they do not meet).
    public func intersection(_ other: CellRect) -> CellRect {
        let left = Swift.max(column, other.column)
        let top = Swift.max(row, other.row)
        return CellRect(
            column: left, row: top, width: Swift.min(maxColumn, other.maxColumn) - left, height: Swift.min(maxRow, other.maxRow) - top
        )
    }
}
