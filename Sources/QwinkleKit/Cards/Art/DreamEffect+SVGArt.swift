extension DreamEffect {
    /// The effect drawn in SVG as a layer over the creatures, in a 100 × 100 box: a nested `<svg>` ready to be
    /// laid out. Weather and sparkles fill the whole box; fire and lasers keep their shape.
    public var svgArt: SVGElement {
        Self.pictures[self] ?? picture
    }

    /// Every effect's picture, drawn once: the shapes never change, and each card would draw them again.
    private static let pictures = Dictionary(uniqueKeysWithValues: allCases.map { ($0, $0.picture) })

    private var picture: SVGElement {
        var picture = SVGElement.picture(fitting: fillsBox ? "xMidYMid slice" : "xMidYMid meet", shapes)
        picture[attribute: "data-effect"] = rawValue
        return picture
    }

    private var fillsBox: Bool {
        switch self {
        case .fireBreathing, .laserFocus: false
        case .magic, .fireflies, .rain, .snow: true
        }
    }

    /// Where the scattered kinds of effect put their pieces: each its own seed, so two effects never coincide.
    func scatter(count: Int) -> [Point] {
        ScatterPattern.points(count: count, seed: Double(DreamEffect.allCases.firstIndex(of: self) ?? 0) * 0.13)
    }

    private var shapes: [SVGElement] {
        switch self {
        case .fireBreathing: Self.fire
        case .laserFocus: Self.lasers
        case .magic: scatter(count: 8).enumerated().map { Self.sparkle(at: $1, size: 4 + Double($0 % 3) * 1.5, index: $0) }
        case .fireflies:
            scatter(count: 10).flatMap { point in
                [SVGElement.circle(point.x * 100, point.y * 100, radius: 4.5, fill: "#eaff7b", opacity: 0.3),
                 SVGElement.circle(point.x * 100, point.y * 100, radius: 1.6, fill: "#f4ffb0")]
            }
        case .rain:
            scatter(count: 18).map { point in
                let start = Point(x: point.x * 100, y: point.y * 100)
                return SVGElement.line(from: start, to: Point(x: start.x - 3, y: start.y + 9), stroke: "#8ecae6", width: 1.6, opacity: 0.85)
            }
        case .snow:
            scatter(count: 20).enumerated().map { index, point in
                SVGElement.circle(point.x * 100, point.y * 100, radius: 1.2 + Double(index % 4) * 0.5, fill: "#ffffff", opacity: 0.9)
            }
        }
    }

    /// Flames from about where a creature's mouth is when it fills the box, widening to the right.
    private static let fire: [SVGElement] = [
        .path("M82 33Q90 18 100 20Q94 27 100 33Q94 40 100 46Q90 47 82 33Z", fill: "#ff6b35", opacity: 0.9),
        .path("M84 33Q91 25 99 26Q94 30 99 33Q94 37 99 41Q91 41 84 33Z", fill: "#ffa630"),
        .path("M86 33Q91 30 96 30Q93 33 96 36Q91 36 86 33Z", fill: "#ffe66d"),
    ]

    private static let lasers: [SVGElement] = [
        .line(from: Point(x: 60, y: 28), to: Point(x: 100, y: 20), stroke: "#ff1744", width: 5, opacity: 0.3),
        .line(from: Point(x: 60, y: 28), to: Point(x: 100, y: 20), stroke: "#ff8a80", width: 1.5),
        .line(from: Point(x: 60, y: 31), to: Point(x: 100, y: 36), stroke: "#ff1744", width: 5, opacity: 0.3),
        .line(from: Point(x: 60, y: 31), to: Point(x: 100, y: 36), stroke: "#ff8a80", width: 1.5),
    ]

    /// A four-pointed star centred on a point of the unit square.
    private static func sparkle(at point: Point, size: Double, index: Int) -> SVGElement {
        let (x, y, inner) = (point.x * 100, point.y * 100, size / 4)
        let corners = [(x, y - size), (x + inner, y - inner), (x + size, y), (x + inner, y + inner),
                       (x, y + size), (x - inner, y + inner), (x - size, y), (x - inner, y - inner)]
        let points = corners.map { SVGNumber.format($0.0) + "," + SVGNumber.format($0.1) }.joined(separator: " ")
        return .polygon(points, fill: ["#fff59d", "#f8bbd0", "#d1c4e9"][index % 3])
    }
}
