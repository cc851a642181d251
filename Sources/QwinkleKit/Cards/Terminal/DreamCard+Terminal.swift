extension DreamCard {
    /// The narrowest terminal card: below it the description column is too thin to read.
    public static let minimumTerminalWidth = 30

    /// The card as text for a terminal: a box `width` columns wide (at least `minimumTerminalWidth`), the
    /// creatures as ASCII art in a cascade on the left with the effects sprinkled behind them, and the title,
    /// the wrapped description and the effects on the right.
    ///
    /// Every line, the last included, ends with a newline and is exactly `width` columns wide, counting emoji and
    /// CJK characters as two. The card grows downwards until all of the description fits.
    public func terminalText(width: Int = 60) -> String {
        let (layout, size) = laidOutTerminalLayout(width: width)
        var grid = TextGrid(width: size.width, height: size.height)
        grid.paint(layout.contents)
        return grid.text
    }

    /// The terminal layout placed in a card `width` columns wide (at least `minimumTerminalWidth`), grown
    /// downwards until all of the description fits, with the card's size in cells.
    func laidOutTerminalLayout(width: Int) -> (layout: DreamCardLayout<TextCell, TextCell, TextCell, TerminalTextBlock>, size: (width: Int, height: Int)) {
        let width = max(width, Self.minimumTerminalWidth)
        var layout = terminalLayout()
        var height = Self.minimumTerminalHeight
        layout.layout(in: Rect(x: 0, y: 0, width: Double(width), height: Double(height)))
        // Widths do not depend on the height, so the overflow of the first pass is exactly the growth needed.
        if let description = layout.contents(of: .description).first, description.lines.count > description.frame.height {
            height += description.lines.count - description.frame.height
            layout.layout(in: Rect(x: 0, y: 0, width: Double(width), height: Double(height)))
        }
        return (layout, (width, height))
    }

    /// Tall enough for a cascade of several creatures to show as one.
    private static let minimumTerminalHeight = 11

    /// Each effect's sprinkle, made once and large enough for any card's creature area; cells clip it.
    private static let effectFields = Dictionary(uniqueKeysWithValues: DreamEffect.allCases.map { ($0, $0.textArt(width: 80, height: 40)) })

    private static let terminalMetrics = CardMetrics(padding: EdgeInsets(left: 1, right: 1), spacing: 1)

    private func terminalLayout() -> DreamCardLayout<TextCell, TextCell, TextCell, TerminalTextBlock> {
        layout(
            backdrop: TextCell(border: .rounded),
            figure: { TextCell(lines: $0.textArt, alignment: .center) },
            effect: { TextCell(lines: Self.effectFields[$0] ?? [], blend: .under) },
            caption: TerminalTextBlock(text: text),
            metrics: Self.terminalMetrics
        )
    }
}
