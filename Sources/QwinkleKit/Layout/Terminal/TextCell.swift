/// A block of a terminal character grid: some lines of text in a rectangle of cells, maybe inside a border.
///
/// It is what the terminal renderer lays out, like a view in an app: `TextGrid` paints cells in drawing order.
public struct TextCell: Hashable, Sendable {
    /// The border drawn on the cell's outermost rows and columns.
    public enum Border: Hashable, Sendable {
        /// No border; the text may use the whole cell.
        case none
        /// Box-drawing lines with square corners: ┌─┐.
        case square
        /// Box-drawing lines with rounded corners: ╭─╮.
        case rounded
    }

    /// Where the lines sit in the cell.
    public enum Alignment: Hashable, Sendable {
        /// From the top-left corner.
        case topLeading
        /// The block of lines centred both ways; the lines keep their left edges, so ASCII art stays intact.
        case center
    }

    /// How the cell's characters meet what was painted before.
    public enum Blend: Hashable, Sendable {
        /// Each line covers what is under it from its first to its last visible character, the spaces between
        /// included, so a creature in front hides the one behind; the spaces around the line are transparent.
        case over
        /// Characters fill only blank positions, so they never hide what is already there (rain behind a unicorn).
        case under
    }

    /// The cells it covers.
    public var frame: CellRect
    /// The text, one string per line; what does not fit the frame is clipped.
    public var lines: [String]
    /// The border, if any.
    public var border: Border
    /// Where the lines sit.
    public var alignment: Alignment
    /// How it meets what is under it.
    public var blend: Blend

    /// Creates a cell; it has no frame until it is laid out.
    public init(
        lines: [String] = [], border: Border = .none, alignment: Alignment = .topLeading, blend: Blend = .over,
        frame: CellRect = .zero
    ) {
        self.frame = frame
        self.lines = lines
        self.border = border
        self.alignment = alignment
        self.blend = blend
    }

    /// The cells left for text: inside the border, if there is one.
    public var textFrame: CellRect {
        border == .none ? frame : frame.interior
    }
}
