/// A rectangle of whole terminal cells: columns from the left, rows from the top.
public struct CellRect: Hashable, Sendable {
    /// The leftmost column.
    public var column: Int
    /// The top row.
    public var row: Int
    /// How many columns it spans.
    public var width: Int
    /// How many rows it spans.
    public var height: Int

    /// No cells, at the top-left corner.
    public static let zero = CellRect(column: 0, row: 0, width: 0, height: 0)

    /// Creates a rectangle of cells; a negative extent is taken as 0.
    public init(column: Int, row: Int, width: Int, height: Int) {
        self.column = column
        self.row = row
        self.width = max(0, width)
        self.height = max(0, height)
    }

    /// The cells a layout rectangle measured in cells covers, each edge rounded to the nearest cell boundary.
    ///
    /// Rounding edges, not sizes, keeps neighbours that share an edge in the layout sharing it on the grid:
    /// no gap and no overlap appears between them.
    public init(rounding rect: Rect) {
        let column = Self.boundary(rect.minX)
        let row = Self.boundary(rect.minY)
        self.init(column: column, row: row, width: Self.boundary(rect.maxX) - column, height: Self.boundary(rect.maxY) - row)
    }

    /// The column just right of the rectangle.
    public var maxColumn: Int { column + width }
    /// The row just below the rectangle.
    public var maxRow: Int { row + height }

    /// The rectangle one cell in from every edge, where text goes inside a border.
    public var interior: CellRect {
        CellRect(column: column + 1, row: row + 1, width: width - 2, height: height - 2)
    }

    /// A coordinate rounded to a cell boundary; one that is not finite, or beyond a million cells, is clamped.
    private static func boundary(_ value: Double) -> Int {
        guard value.isFinite else { return 0 }
        return Int(min(max(value, -1e6), 1e6).rounded())
    }
}
