/// Small builders for the shapes the card art is drawn with, so each picture reads as a list of shapes.
extension SVGElement {
    /// A nested viewport holding a picture drawn in a 100 × 100 box: the layout gives it its frame, and the
    /// picture scales into it (`fitting` is SVG's `preserveAspectRatio`).
    static func picture(fitting: String = "xMidYMid meet", _ shapes: [SVGElement]) -> SVGElement {
        SVGElement("svg", ["viewBox": "0 0 100 100", "preserveAspectRatio": fitting, "overflow": "hidden"], children: shapes)
    }

    static func circle(_ x: Double, _ y: Double, radius: Double, fill: String, stroke: String? = nil, opacity: Double = 1) -> SVGElement {
        SVGElement(
            "circle",
            [Attribute("cx", SVGNumber.format(x)), Attribute("cy", SVGNumber.format(y)), Attribute("r", SVGNumber.format(radius))]
                + paint(fill: fill, stroke: stroke, opacity: opacity)
        )
    }

    static func ellipse(_ x: Double, _ y: Double, rx: Double, ry: Double, fill: String, stroke: String? = nil) -> SVGElement {
        SVGElement(
            "ellipse",
            [Attribute("cx", SVGNumber.format(x)), Attribute("cy", SVGNumber.format(y)),
             Attribute("rx", SVGNumber.format(rx)), Attribute("ry", SVGNumber.format(ry))]
                + paint(fill: fill, stroke: stroke)
        )
    }

    static func polygon(_ points: String, fill: String, stroke: String? = nil) -> SVGElement {
        SVGElement("polygon", [Attribute("points", points)] + paint(fill: fill, stroke: stroke))
    }

    static func path(_ data: String, fill: String, stroke: String? = nil, strokeWidth: Double = 1.5, opacity: Double = 1) -> SVGElement {
        SVGElement("path", [Attribute("d", data)] + paint(fill: fill, stroke: stroke, strokeWidth: strokeWidth, opacity: opacity))
    }

    static func line(from start: Point, to end: Point, stroke: String, width: Double, opacity: Double = 1) -> SVGElement {
        path(
            "M\(SVGNumber.format(start.x)) \(SVGNumber.format(start.y))L\(SVGNumber.format(end.x)) \(SVGNumber.format(end.y))",
            fill: "none", stroke: stroke, strokeWidth: width, opacity: opacity
        )
    }

    static func rect(_ x: Double, _ y: Double, width: Double, height: Double, corner: Double = 0, fill: String, stroke: String? = nil) -> SVGElement {
        SVGElement(
            "rect",
            [Attribute("x", SVGNumber.format(x)), Attribute("y", SVGNumber.format(y)),
             Attribute("width", SVGNumber.format(width)), Attribute("height", SVGNumber.format(height)),
             Attribute("rx", SVGNumber.format(corner))]
                + paint(fill: fill, stroke: stroke)
        )
    }

    private static func paint(fill: String, stroke: String? = nil, strokeWidth: Double = 1.5, opacity: Double = 1) -> [Attribute] {
        var attributes = [Attribute("fill", fill)]
        if let stroke {
            attributes += [Attribute("stroke", stroke), Attribute("stroke-width", SVGNumber.format(strokeWidth)),
                           Attribute("stroke-linecap", "round"), Attribute("stroke-linejoin", "round")]
        }
        if opacity < 1 { attributes.append(Attribute("opacity", SVGNumber.format(opacity))) }
        return attributes
    }
}
