import QwinkleKit

/// Text that wraps to the label's width, clipped to its height.
@MainActor
public final class Label: View {
    /// The text.
    public var text: StyledText {
        didSet { if text != oldValue { setNeedsDisplay() } }
    }
    /// Whether long text wraps onto further rows (else it is cut at the edge).
    public var wraps: Bool

    /// A label.
    public init(_ text: StyledText = "", wraps: Bool = false) {
        self.text = text
        self.wraps = wraps
        super.init()
    }

    /// The text, wrapped at spaces when it wraps, each run in its style.
    override public func draw(in canvas: inout Canvas) {
        guard wraps else {
            canvas.write(text, column: 0, row: 0)
            return
        }
        // Wrapping works on the plain text, so a wrapping label shows all of it in its first run's style.
        let style = text.runs.first?.style ?? .plain
        for (row, line) in TextWrapping.lines(of: text.plainText, width: frame.width).enumerated() {
            canvas.write(line, column: 0, row: row, style: style)
        }
    }

    /// How many rows the text needs at a width.
    public func height(forWidth width: Int) -> Int {
        wraps ? TextWrapping.lines(of: text.plainText, width: width).count : 1
    }
}
