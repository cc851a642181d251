extension DreamCard {
    /// The card as a self-contained SVG document, 500 × 200 user units: no scripts, fonts, images or links.
    ///
    /// Each layer is a `<g data-layer="…">` whose CSS transform reads the custom properties `--qw-tilt-x` and
    /// `--qw-tilt-y` (−1…1): a page that sets them on the card moves every layer as `motion` says, and a page that
    /// does not shows the card still. All text is escaped.
    public func svg() -> String {
        svgElement().document
    }

    /// The card as an `<svg>` element, for embedding in a page or a larger SVG.
    public func svgElement() -> SVGElement {
        var layout = layout(
            backdrop: svgBackground,
            figure: \.svgArt,
            effect: \.svgArt,
            caption: SVGTextBlock(text: text),
            metrics: SVGCardStyle.metrics
        )
        layout.layout(in: SVGCardStyle.bounds)
        let bounds = SVGCardStyle.bounds
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
    private var svgBackground: SVGElement {
        let reach = motion.effect(for: .background).reach
        let bounds = SVGCardStyle.bounds
        let card = SVGElement.rect(
            reach.x, reach.y, width: bounds.width - 2 * reach.x, height: bounds.height - 2 * reach.y, corner: 16,
            fill: SVGCardStyle.cardColor, stroke: SVGCardStyle.cardEdgeColor
        )
        return SVGElement("svg", ["overflow": "hidden"], children: [card] + Self.stars)
    }

    /// The stars are the same on every card, so they are drawn once.
    private static let stars = ScatterPattern.points(count: 24, seed: 0.5).enumerated().map { index, point in
        let bounds = SVGCardStyle.bounds.inset(by: EdgeInsets(all: 12))
        return SVGElement.circle(
            bounds.minX + point.x * bounds.width, bounds.minY + point.y * bounds.height, radius: index % 5 == 0 ? 1.3 : 0.8,
            fill: SVGCardStyle.starColor, opacity: 0.35
        )
    }
}
