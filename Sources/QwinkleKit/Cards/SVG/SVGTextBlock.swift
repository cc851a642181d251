/// The description of an SVG card: a layout that, like a label, wraps its text to the width it is given.
///
/// Its one leaf is a nested `<svg>` viewport at the frame, holding a bold title, the body, and the list of effects
/// at the bottom. A body too long for the frame is cut at a line, which ends with "…".
struct SVGTextBlock: Layout {
    typealias Content = SVGElement

    var text: CardText
    /// The card's shape, which sizes the type.
    var shape: SVGCardShape
    private(set) var element = SVGElement("svg", ["overflow": "hidden"])

    init(text: CardText, shape: SVGCardShape = .wide) {
        self.text = text
        self.shape = shape
    }

    mutating func layout(in rect: Rect) {
        element.layout(in: rect)
        element.children = lines(width: rect.width, height: rect.height)
    }

    var contents: [SVGElement] { [element] }

    private typealias Style = SVGCardStyle

    private func lines(width: Double, height: Double) -> [SVGElement] {
        let (titleSize, bodySize, footerSize) = (shape.titleSize, shape.bodySize, shape.footerSize)
        let footerLines = text.footer.isEmpty ? [] : Self.wrapped(text.footer, size: footerSize, width: width)
        let footerLeading = footerSize * Style.leading
        // A title too long for a narrow card's line ("Yellow unicorn × 10") takes a second one rather than lose words.
        let titleLines = Self.wrapped(text.title, size: titleSize, width: width).prefix(2)
        let titleLeading = titleSize * Style.leading
        var elements = titleLines.enumerated().map { index, line in
            Self.textElement(line, size: titleSize, color: Style.titleColor, baseline: titleSize + Double(index) * titleLeading, bold: true)
        }
        var baseline = titleSize * 1.5 + Double(max(0, titleLines.count - 1)) * titleLeading
        let bodyLeading = bodySize * Style.leading
        // The body stops a body line short of the footer, so the two never touch.
        let bodyBottom = height - Double(footerLines.count) * footerLeading - (footerLines.isEmpty ? 0 : bodyLeading / 2)
        let bodyLines = text.body.isEmpty ? [] : Self.wrapped(text.body, size: bodySize, width: width)
        let room = max(0, Int(((bodyBottom - baseline) / bodyLeading).rounded(.down)))
        for (index, line) in bodyLines.prefix(room).enumerated() {
            baseline += bodyLeading
            // An empty line is a gap between paragraphs: it moves the baseline but needs no element.
            guard !line.isEmpty else { continue }
            let isCut = index == room - 1 && bodyLines.count > room
            elements.append(Self.textElement(isCut ? line + "…" : line, size: bodySize, color: Style.bodyColor, baseline: baseline))
        }
        for (index, line) in footerLines.enumerated() {
            let baseline = height - Double(footerLines.count - 1 - index) * footerLeading - footerSize * 0.4
            elements.append(Self.textElement(line, size: footerSize, color: Style.footerColor, baseline: baseline))
        }
        return elements
    }

    private static func wrapped(_ text: String, size: Double, width: Double) -> [String] {
        // Clamped so a degenerate frame (NaN, infinite) gives no lines or one long one, never a crash.
        let columns = min(max(0, width / (size * Style.advance)), 10_000)
        return TextWrapping.lines(of: text, width: Int(columns))
    }

    private static func textElement(_ line: String, size: Double, color: String, baseline: Double, bold: Bool = false) -> SVGElement {
        var attributes: [SVGElement.Attribute] = [
            .init("x", "0"), .init("y", SVGNumber.format(baseline)), .init("font-family", Style.fontFamily),
            .init("font-size", SVGNumber.format(size)), .init("fill", color),
        ]
        if bold { attributes.append(.init("font-weight", "bold")) }
        return SVGElement("text", attributes, text: line)
    }
}
