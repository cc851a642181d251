import QwinkleKit

/// A cell's position: a column from the left and a row from the top, counting from 0.
public struct CellPoint: Hashable, Sendable {
    /// The column.
    public var column: Int
    /// The row.
    public var row: Int

    /// A position.
    public init(column: Int, row: Int) {
        self.column = column
        self.row = row
    }

    /// The top-left cell.
    public static let zero = CellPoint(column: 0, row: 0)
}
