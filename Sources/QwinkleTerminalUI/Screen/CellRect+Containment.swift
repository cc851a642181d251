import QwinkleKit

extension CellRect {
    /// Whether a position is inside.
    public func contains(_ point: CellPoint) -> Bool {
        point.column >= column && point.column < maxColumn && point.row >= row && point.row < maxRow
    }
}
