extension DreamCard {
    /// The terminal card with its layers moved by the card's motion effect for `pose`, as the web card's layers
    /// move with the pointer: each layer's `InterpolatingMotionEffect` offset, in SVG units of the 500 × 200 card,
    /// scaled to cells (a cell is about 4 units across and 8 down, so the effects layer moves two columns each
    /// way). The card's border and its description stay still, so the text is always easy to read.
    public func terminalText(width: Int = 60, pose: DevicePose) -> String {
        let (layout, size) = laidOutTerminalLayout(width: width)
        var grid = TextGrid(width: size.width, height: size.height)
        for layer in CardLayer.allCases {
            guard layer != .background, layer != .description else {
                grid.paint(layout.contents(of: layer))
                continue
            }
            let offset = motion.effect(for: layer).offset(for: pose)
            let columns = Int((offset.x / Self.unitsPerColumn).rounded())
            let rows = Int((offset.y / Self.unitsPerRow).rounded())
            grid.paint(layout.contents(of: layer).map { cell in
                var moved = cell
                moved.frame.column += columns
                moved.frame.row += rows
                // A moved layer stays inside the border.
                moved.frame = moved.frame.intersection(CellRect(column: 1, row: 1, width: size.width - 2, height: size.height - 2))
                return moved
            })
        }
        return grid.text
    }

    /// SVG units of the card per terminal column.
    private static let unitsPerColumn = 4.0
    /// SVG units of the card per terminal row.
    private static let unitsPerRow = 8.0
}
