/// A text cell is a layout leaf, as a view is in talk 001: given a rectangle in cells, it takes it as its frame.
extension TextCell: Layout {
    /// A terminal layout shows text cells.
    public typealias Content = TextCell

    /// Sets the frame to the cells `rect` covers, its edges rounded to whole cells.
    public mutating func layout(in rect: Rect) {
        frame = CellRect(rounding: rect)
    }

    /// The cell itself.
    public var contents: [TextCell] { [self] }
}
