extension DreamCard {
    /// The card as a self-contained SVG document, 500 × 200 user units: no scripts, fonts, images or links.
    ///
    /// Each layer is a `<g data-layer="…">` whose CSS transform reads the custom properties `--qw-tilt-x` and
    /// `--qw-tilt-y` (−1…1): a page that sets them on the card moves every layer as `motion` says, and a page that
    /// does not shows the card still. All text is escaped.
    ///
    /// `shape` is the wide card unless a page asks for the narrow one, for a phone.
    public func svg(shape: SVGCardShape = .wide) -> String {
        svgElement(shape: shape).document
    }

    /// The card as an `<svg>` element, for embedding in a page or a larger SVG.
    public func svgElement(shape: SVGCardShape = .wide) -> SVGElement {
        var layout = layout(
            backdrop: svgBackground(shape),
            figure: \.svgArt,
            effect: \.svgArt,
            caption: SVGTextBlock(text: text, shape: shape),
            metrics: SVGCardStyle.metrics
        )
        let bounds = shape.bounds
        layout.layout(in: bounds)
        let size = [bounds.minX, bounds.minY, bounds.width, bounds.height].map(SVGNumber.format)
        let layers = CardLayer.allCases.map { layer in
            SVGElement("g", ["data-layer": layer.rawValue, "style": motion.cssTransform(for: layer)], children: layout.contents(of: layer))
        }
        return SVGElement(
            "svg",
            [
                "xmlns": "http://www.w3.org/2000/svg", "viewBox": size.joined(separator: " "),
                "width": size[2], "height": size[3], "role": "img", "aria-label": accessibleSummary,
            ],
            children: [SVGElement("title", text: accessibleSummary)] + layers
        )
    }

    /// What the card shows, in words, for screen readers and as the SVG's title.
    var accessibleSummary: String {
        let text = text
        return [text.title, text.body, text.footer].filter { !$0.isEmpty }.map { part in
            part.last.map { $0.isPunctuation } == true ? part : part + "."
        }.joined(separator: " ")
    }

    /// The card itself: a rounded rectangle drawn inside its box by as far as the motion effect moves the
    /// background, so the layer never pushes an edge out of view, with faint stars on it.
    private func svgBackground(_ shape: SVGCardShape) -> SVGElement {
        let reach = motion.effect(for: .background).reach
        let bounds = shape.bounds
        let card = SVGElement.rect(
            reach.x, reach.y, width: bounds.width - 2 * reach.x, height: bounds.height - 2 * reach.y, corner: 16,
            fill: SVGCardStyle.cardColor, stroke: SVGCardStyle.cardEdgeColor
        )
        return SVGElement("svg", ["overflow": "hidden"], children: [card] + (shape == .wide ? Self.wideStars : Self.narrowStars))
    }

    /// The stars are the same on every card of a shape, so they are drawn once.
    private static let wideStars = stars(in: SVGCardShape.wide.bounds)
    private static let narrowStars = stars(in: SVGCardShape.narrow.bounds)

    private static func stars(in box: Rect) -> [SVGElement] {
        let bounds = box.inset(by: EdgeInsets(all: 12))
        return ScatterPattern.points(count: 24, seed: 0.5).enumerated().map { index, point in
            SVGElement.circle(
                bounds.minX + point.x * bounds.width, bounds.minY + point.y * bounds.height, radius: index % 5 == 0 ? 1.3 : 0.8,
                fill: SVGCardStyle.starColor, opacity: 0.35
            )
        }
    }
}
