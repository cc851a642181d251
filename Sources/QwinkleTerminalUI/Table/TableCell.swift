import QwinkleKit

/// What a table shows in a row: a few lines of styled text. Cells are values; the table keeps the ones it was
/// given and asks its data source again only for rows that are new or changed.
public struct TableCell: Hashable, Sendable {
    /// The lines, top to bottom; those beyond the table's row height are not shown.
    public var lines: [StyledText]

    /// A cell of lines.
    public init(lines: [StyledText]) {
        self.lines = lines
    }

    /// A cell of one line.
    public init(_ line: StyledText) {
        lines = [line]
    }
}
