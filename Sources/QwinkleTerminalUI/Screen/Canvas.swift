import QwinkleKit

/// Where a view draws: the screen, seen through the view's frame. Positions are in the view's own cells, from
/// its top-left corner, and nothing is drawn outside the frame or its superviews' frames.
public struct Canvas {
    /// The screen being drawn.
    public internal(set) var screen: Screen
    /// Where the view's top-left corner is on the screen.
    public private(set) var origin: CellPoint
    /// The part of the screen the view may draw in.
    public private(set) var clip: CellRect
    /// The size of the view being drawn.
    public private(set) var size: (width: Int, height: Int)

    /// A canvas covering a whole screen.
    public init(screen: Screen) {
        self.screen = screen
        origin = .zero
        clip = CellRect(column: 0, row: 0, width: screen.width, height: screen.height)
        size = (screen.width, screen.height)
    }

    /// Writes text from a position on one line, clipped; returns the column after the text.
    @discardableResult
    public mutating func write(_ text: String, column: Int, row: Int, style: TextStyle = .plain) -> Int {
        let screenRow = origin.row + row
        guard screenRow >= clip.row, screenRow < clip.maxRow else { return column + text.terminalWidth }
        var column = column
        for character in text {
            let characterWidth = character.terminalWidth
            let screenColumn = origin.column + column
            if screenColumn >= clip.column, screenColumn + characterWidth <= clip.maxColumn {
                screen.put(character, column: screenColumn, row: screenRow, style: style)
            }
            column += characterWidth
        }
        return column
    }

    /// Writes styled text from a position on one line, clipped; returns the column after the text.
    @discardableResult
    public mutating func write(_ text: StyledText, column: Int, row: Int) -> Int {
        var column = column
        for run in text.runs {
            column = write(run.text, column: column, row: row, style: run.style)
        }
        return column
    }

    /// Fills a rectangle of the view with blanks in a style.
    public mutating func fill(_ rect: CellRect, style: TextStyle) {
        let onScreen = CellRect(column: origin.column + rect.column, row: origin.row + rect.row, width: rect.width, height: rect.height)
        screen.fill(onScreen.intersection(clip), style: style)
    }

    /// Fills the whole view with blanks in a style.
    public mutating func fill(style: TextStyle) {
        fill(CellRect(column: 0, row: 0, width: size.width, height: size.height), style: style)
    }

    /// Draws into `frame` (in this view's cells) as into a view of its own, then comes back to this view.
    public mutating func within(_ frame: CellRect, _ draw: (inout Canvas) -> Void) {
        let saved = (origin, clip, size)
        origin = CellPoint(column: origin.column + frame.column, row: origin.row + frame.row)
        clip = clip.intersection(CellRect(column: origin.column, row: origin.row, width: frame.width, height: frame.height))
        size = (frame.width, frame.height)
        draw(&self)
        (origin, clip, size) = saved
    }
}
