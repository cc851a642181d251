import QwinkleKit

/// Turns screens into the bytes that show them, writing only the cells that changed since the last frame.
///
/// It remembers the last screen it wrote, the cursor's position and the current style, so a keystroke that
/// changes three cells costs a cursor move, maybe a style, and three characters.
public struct ScreenRenderer: Sendable {
    /// The terminal's sequences.
    public let capabilities: TerminalCapabilities
    /// The screen as the terminal shows it now; `nil` before the first frame or after `invalidate()`.
    private var shown: Screen?
    /// Where the terminal's cursor is; `nil` when unknown (after writing the last column, where terminals differ).
    private var cursor: CellPoint?
    /// The style the terminal will draw the next character in; `nil` when unknown.
    private var style: TextStyle?

    /// A renderer that has written nothing yet.
    public init(capabilities: TerminalCapabilities) {
        self.capabilities = capabilities
    }

    /// Forgets what the terminal shows, so the next frame is written whole (after a resize, or anything else that
    /// may have disturbed the screen).
    public mutating func invalidate() {
        shown = nil
        cursor = nil
        style = nil
    }

    /// The bytes that turn what the terminal shows into `screen`: one frame, for one write.
    public mutating func frame(for screen: Screen) -> [UInt8] {
        var output = ""
        let previous = shown.flatMap { $0.width == screen.width && $0.height == screen.height ? $0 : nil }
        if previous == nil {
            output += capabilities.resetStyle + capabilities.clearScreen
            (cursor, style) = (.zero, .plain)
        }
        for row in 0..<screen.height {
            for column in 0..<screen.width {
                let cell = screen[column, row]
                if cell.isContinuation { continue }
                // A blank cell on a freshly cleared screen is already there.
                if let previous, previous[column, row] == cell, previous[column + 1, row].isContinuation == screen[column + 1, row].isContinuation {
                    continue
                }
                if previous == nil, cell == .blank { continue }
                write(cell, column: column, row: row, width: screen.width, into: &output)
            }
        }
        if style != .plain, style != nil {
            output += capabilities.resetStyle
            style = .plain
        }
        shown = screen
        return Array(output.utf8)
    }

    /// Writes one cell, moving the cursor and changing the style only when needed.
    private mutating func write(_ cell: ScreenCell, column: Int, row: Int, width: Int, into output: inout String) {
        let position = CellPoint(column: column, row: row)
        if cursor != position { output += capabilities.moveCursor(column: column, row: row) }
        if style != cell.style {
            output += sequence(for: cell.style)
            style = cell.style
        }
        output.append(cell.character)
        let next = column + max(1, cell.character.terminalWidth)
        cursor = next < width ? CellPoint(column: next, row: row) : nil
    }

    /// The bytes that set a style from nothing: a reset, then each attribute and colour it has.
    private func sequence(for style: TextStyle) -> String {
        var output = capabilities.resetStyle
        if style.bold { output += capabilities.bold }
        if style.dim { output += capabilities.dim }
        if style.underline { output += capabilities.underline }
        if style.reverse { output += capabilities.reverse }
        if let foreground = style.foreground, Int(foreground.index) < capabilities.foregrounds.count {
            output += capabilities.foregrounds[Int(foreground.index)]
        }
        if let background = style.background, Int(background.index) < capabilities.backgrounds.count {
            output += capabilities.backgrounds[Int(background.index)]
        }
        return output
    }
}
