import Foundation
import QwinkleKit

/// An in-memory screen: a grid of cells that views draw into and a renderer compares with the last frame, so
/// only the cells that changed are written to the terminal. Tests draw into one and read its text and styles.
public struct Screen: Hashable, Sendable {
    /// The number of columns.
    public let width: Int
    /// The number of rows.
    public let height: Int
    /// The cells, row after row.
    public private(set) var cells: [ScreenCell]

    /// A blank screen; a negative extent is taken as 0.
    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        cells = Array(repeating: .blank, count: self.width * self.height)
    }

    /// The cell at a position; a blank one outside the screen.
    public subscript(column: Int, row: Int) -> ScreenCell {
        guard let index = index(column: column, row: row) else { return .blank }
        return cells[index]
    }

    /// Puts a character at a position with a style, and returns how many columns it took (0 when it did not fit).
    ///
    /// A two-column character that would stick out of the screen is not put; one that lands on half of another is
    /// put after blanking the other's remaining half, so no character is ever shown cut in two.
    @discardableResult
    public mutating func put(_ character: Character, column: Int, row: Int, style: TextStyle = .plain) -> Int {
        let characterWidth = character.terminalWidth
        guard characterWidth > 0, let start = index(column: column, row: row), column + characterWidth <= width else { return 0 }
        for offset in 0..<characterWidth { clearHalves(at: start + offset, column: column + offset) }
        cells[start] = ScreenCell(character, style: style)
        if characterWidth == 2 { cells[start + 1] = ScreenCell(" ", style: style, isContinuation: true) }
        return characterWidth
    }

    /// Fills a rectangle with blanks in a style (a background).
    public mutating func fill(_ rect: CellRect, style: TextStyle) {
        let left = max(rect.column, 0)
        let right = min(rect.maxColumn, width)
        guard left < right else { return }
        for row in max(rect.row, 0)..<min(rect.maxRow, height) {
            // A wide character straddling either edge would be cut; blank its halves first.
            clearHalves(at: row * width + left, column: left)
            clearHalves(at: row * width + right - 1, column: right - 1)
            for column in left..<right {
                cells[row * width + column] = ScreenCell(" ", style: style)
            }
        }
    }

    /// A row's text, as wide as the screen (a two-column character counts once, as it is shown).
    public func text(row: Int) -> String {
        guard (0..<height).contains(row) else { return "" }
        var line = ""
        for cell in cells[row * width..<(row + 1) * width] where !cell.isContinuation {
            line.append(cell.character)
        }
        return line
    }

    /// Every row's text.
    public var lines: [String] {
        (0..<height).map(text(row:))
    }

    /// The rows joined by newlines, each with its trailing spaces removed: what a text screenshot shows.
    public var text: String {
        lines.map { line in String(line.reversed().drop { $0 == " " }.reversed()) }.joined(separator: "\n")
    }

    /// Where some text first appears, if it does on one row.
    public func position(of text: String) -> CellPoint? {
        for row in 0..<height {
            let line = self.text(row: row)
            guard let range = line.range(of: text) else { continue }
            return CellPoint(column: line[..<range.lowerBound].terminalWidth, row: row)
        }
        return nil
    }

    /// Blanks the cell at `index`, and the other half of a two-column character it is part of.
    private mutating func clearHalves(at index: Int, column: Int) {
        let cell = cells[index]
        if cell.isContinuation, column > 0 {
            cells[index - 1] = ScreenCell(" ", style: cells[index - 1].style)
        } else if cell.character.terminalWidth == 2, column + 1 < width {
            cells[index + 1] = ScreenCell(" ", style: cell.style)
        }
        cells[index] = ScreenCell(" ", style: cell.style)
    }

    /// The index of a position in `cells`, or `nil` outside the screen.
    private func index(column: Int, row: Int) -> Int? {
        guard (0..<width).contains(column), (0..<height).contains(row) else { return nil }
        return row * width + column
    }
}
