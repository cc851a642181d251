/// A terminal screen's worth of character cells, painted with `TextCell`s in drawing order.
///
/// It knows that an emoji or a CJK character takes two columns: such a character is never cut in half, by the
/// edge of a cell or by a later character painted over one of its halves.
public struct TextGrid: Hashable, Sendable {
    private enum Slot: Hashable, Sendable {
        /// Nothing painted yet: a later cell painted under may fill it.
        case blank
        /// A character, or a space that covers what was under it.
        case character(Character)
        /// The right half of the two-column character to the left.
        case continuation
    }

    /// The number of columns.
    public let width: Int
    /// The number of rows.
    public let height: Int
    private var slots: [Slot]

    /// A blank grid; a negative extent is taken as 0.
    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        slots = Array(repeating: .blank, count: self.width * self.height)
    }

    /// Paints `cells` in order, each over the ones before.
    public mutating func paint(_ cells: some Sequence<TextCell>) {
        for cell in cells { paint(cell) }
    }

    /// Paints one cell: its border, then its lines, clipped to its frame and to the grid.
    public mutating func paint(_ cell: TextCell) {
        paintBorder(of: cell)
        let area = cell.textFrame
        let lines = cell.lines.prefix(area.height)
        var top = area.row
        var left = area.column
        if cell.alignment == .center {
            let blockWidth = lines.map(\.terminalWidth).max() ?? 0
            top += (area.height - lines.count) / 2
            left += max(0, area.width - blockWidth) / 2
        }
        for (offset, line) in lines.enumerated() {
            write(line, column: left, row: top + offset, clip: area, blend: cell.blend)
        }
    }

    /// The grid's rows as text, every row `width` columns wide.
    public var lines: [String] {
        (0..<height).map { row in
            var line = ""
            for slot in slots[row * width..<(row + 1) * width] {
                switch slot {
                case .blank: line.append(" ")
                case .character(let character): line.append(character)
                case .continuation: break
                }
            }
            return line
        }
    }

    /// The rows joined by newlines, with a final newline.
    public var text: String {
        lines.map { $0 + "\n" }.joined()
    }

    private mutating func paintBorder(of cell: TextCell) {
        let frame = cell.frame
        guard frame.width >= 2, frame.height >= 2 else { return }
        let pieces: (horizontal: Character, vertical: Character, corners: [Character])
        switch cell.border {
        case .none: return
        case .square: pieces = ("─", "│", ["┌", "┐", "└", "┘"])
        case .rounded: pieces = ("─", "│", ["╭", "╮", "╰", "╯"])
        }
        let (left, right, top, bottom) = (frame.column, frame.maxColumn - 1, frame.row, frame.maxRow - 1)
        for column in left...right {
            put(pieces.horizontal, column: column, row: top)
            put(pieces.horizontal, column: column, row: bottom)
        }
        for row in top...bottom {
            put(pieces.vertical, column: left, row: row)
            put(pieces.vertical, column: right, row: row)
        }
        put(pieces.corners[0], column: left, row: top)
        put(pieces.corners[1], column: right, row: top)
        put(pieces.corners[2], column: left, row: bottom)
        put(pieces.corners[3], column: right, row: bottom)
    }

    private mutating func write(_ line: String, column: Int, row: Int, clip: CellRect, blend: TextCell.Blend) {
        let visible = line.firstIndex { $0 != " " }.flatMap { first in line.lastIndex { $0 != " " }.map { first...$0 } }
        var column = column
        for index in line.indices {
            let character = line[index]
            let characterWidth = character.terminalWidth
            guard characterWidth > 0 else { continue }
            if column + characterWidth > clip.maxColumn { return }
            if column >= clip.column, shouldPut(character, covering: visible?.contains(index) == true, at: column, row: row, blend: blend) {
                put(character, column: column, row: row)
            }
            column += characterWidth
        }
    }

    private func shouldPut(_ character: Character, covering: Bool, at column: Int, row: Int, blend: TextCell.Blend) -> Bool {
        switch blend {
        case .over: covering
        case .under: character != " " && isBlank(column: column, row: row, width: character.terminalWidth)
        }
    }

    private func isBlank(column: Int, row: Int, width characterWidth: Int) -> Bool {
        (column..<column + characterWidth).allSatisfy { index(column: $0, row: row).map { slots[$0] == .blank } ?? false }
    }

    /// Puts a character at a position, clearing any two-column character it would cut in half.
    private mutating func put(_ character: Character, column: Int, row: Int) {
        let characterWidth = character.terminalWidth
        guard let start = index(column: column, row: row), column + characterWidth <= width else { return }
        for offset in 0..<characterWidth { clear(start + offset) }
        slots[start] = .character(character)
        if characterWidth == 2 { slots[start + 1] = .continuation }
    }

    /// Blanks a slot, and the other half of a two-column character it belongs to.
    private mutating func clear(_ index: Int) {
        let column = index % width
        switch slots[index] {
        case .continuation where column > 0: slots[index - 1] = .blank
        case .character(let character) where character.terminalWidth == 2 && column + 1 < width: slots[index + 1] = .blank
        default: break
        }
        slots[index] = .blank
    }

    private func index(column: Int, row: Int) -> Int? {
        guard (0..<width).contains(column), (0..<height).contains(row) else { return nil }
        return row * width + column
    }
}
