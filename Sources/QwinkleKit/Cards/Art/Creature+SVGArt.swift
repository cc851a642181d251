extension Creature {
    /// The creature drawn in SVG, facing right in a 100 × 100 box: a nested `<svg>` ready to be laid out.
    ///
    /// Plain shapes and flat colours only, no gradients or `id`s, so several cards can sit in one page without
    /// their pictures referring to each other.
    public var svgArt: SVGElement {
        Self.pictures[self] ?? picture
    }

    /// Every creature's picture, drawn once: the shapes never change, and each card would draw them again.
    private static let pictures = Dictionary(uniqueKeysWithValues: allCases.map { ($0, $0.picture) })

    private var picture: SVGElement {
        var picture = SVGElement.picture(shapes)
        picture[attribute: "data-creature"] = rawValue
        return picture
    }

    private var shapes: [SVGElement] {
        switch self {
        case .unicorn(let color): Self.unicornShapes(body: color.bodyColor, mane: color.maneColor)
        case .crusty: Self.crustyShapes
        case .shark: Self.sharkShapes
        case .dragon: Self.dragonShapes
        }
    }

    private static let outline = "#3d2c5e"

    private static func unicornShapes(body: String, mane: String) -> [SVGElement] {
        [
            .path("M24 54C8 50 4 70 12 82C14 68 20 62 26 60Z", fill: mane, stroke: outline),
            .rect(27, 62, width: 7, height: 26, corner: 3, fill: body, stroke: outline),
            .rect(36, 64, width: 7, height: 24, corner: 3, fill: body, stroke: outline),
            .rect(56, 64, width: 7, height: 24, corner: 3, fill: body, stroke: outline),
            .rect(65, 62, width: 7, height: 26, corner: 3, fill: body, stroke: outline),
            .ellipse(47, 57, rx: 27, ry: 15, fill: body, stroke: outline),
            .polygon("60,52 67,27 80,30 75,58", fill: body, stroke: outline),
            .path("M68 24Q78 17 89 25L95 33Q94 39 87 38L72 36Z", fill: body, stroke: outline),
            .polygon("72,21 73,11 78,20", fill: body, stroke: outline),
            .polygon("79,21 90,2 84,23", fill: "#ffd23f", stroke: outline),
            .circle(66, 27, radius: 5, fill: mane),
            .circle(63, 35, radius: 5, fill: mane),
            .circle(61, 43, radius: 5, fill: mane),
            .circle(60, 51, radius: 4.5, fill: mane),
            .circle(82, 28, radius: 2, fill: outline),
            .circle(92, 34, radius: 0.9, fill: outline),
        ]
    }

    private static let crustyShapes: [SVGElement] = [
        .path("M18 100Q20 66 50 63Q80 66 82 100Z", fill: "#8d6e63", stroke: outline),
        .polygon("43,65 57,65 50,80", fill: "#f5f5f5"),
        .circle(30, 42, radius: 4.5, fill: "#f3c9a5", stroke: outline),
        .circle(70, 42, radius: 4.5, fill: "#f3c9a5", stroke: outline),
        .circle(50, 40, radius: 20, fill: "#f3c9a5", stroke: outline),
        .path("M31 40Q29 22 40 19L39 27Q33 30 33 40Z", fill: "#cfd8dc"),
        .path("M69 40Q71 22 60 19L61 27Q67 30 67 40Z", fill: "#cfd8dc"),
        .path("M33 46Q35 66 50 67Q65 66 67 46Q59 55 50 55Q41 55 33 46Z", fill: "#e0e0e0", stroke: outline),
        .circle(42, 39, radius: 6, fill: "#ffffff", stroke: outline),
        .circle(58, 39, radius: 6, fill: "#ffffff", stroke: outline),
        .circle(42, 40, radius: 1.8, fill: outline),
        .circle(58, 40, radius: 1.8, fill: outline),
        .line(from: Point(x: 48, y: 39), to: Point(x: 52, y: 39), stroke: outline, width: 2),
        .line(from: Point(x: 36, y: 29), to: Point(x: 46, y: 32), stroke: outline, width: 2.5),
        .line(from: Point(x: 64, y: 29), to: Point(x: 54, y: 32), stroke: outline, width: 2.5),
        .line(from: Point(x: 45, y: 59), to: Point(x: 55, y: 59), stroke: "#6d4c41", width: 2),
    ]

    private static let sharkShapes: [SVGElement] = [
        .path("M14 55L1 34L6 55L1 77Z", fill: "#6a8bab", stroke: outline),
        .polygon("40,40 53,15 61,41", fill: "#6a8bab", stroke: outline),
        .path("M6 55Q30 30 70 39Q89 44 97 56Q87 65 70 66Q36 73 6 55Z", fill: "#7d9fbf", stroke: outline),
        .path("M22 60Q50 71 90 60Q72 69 50 69Q33 68 22 60Z", fill: "#e8eef4"),
        .polygon("50,63 43,80 63,65", fill: "#6a8bab", stroke: outline),
        .line(from: Point(x: 67, y: 47), to: Point(x: 66, y: 58), stroke: outline, width: 1.2),
        .line(from: Point(x: 71, y: 47), to: Point(x: 70, y: 58), stroke: outline, width: 1.2),
        .line(from: Point(x: 75, y: 47), to: Point(x: 74, y: 58), stroke: outline, width: 1.2),
        .path("M80 60L82 63L84 60L86 63L88 60L90 62", fill: "none", stroke: "#ffffff", strokeWidth: 1.2),
        .circle(84, 50, radius: 2.4, fill: outline),
    ]

    private static let dragonShapes: [SVGElement] = [
        .path("M22 64Q2 72 5 50Q10 62 24 58Z", fill: "#5cb85c", stroke: outline),
        .polygon("38,50 28,12 50,29 60,10 65,48", fill: "#2e7d32", stroke: outline),
        .rect(29, 68, width: 8, height: 22, corner: 3, fill: "#5cb85c", stroke: outline),
        .rect(53, 68, width: 8, height: 22, corner: 3, fill: "#5cb85c", stroke: outline),
        .polygon("30,50 35,40 40,49", fill: "#ff7043", stroke: outline),
        .polygon("41,47 46,37 51,46", fill: "#ff7043", stroke: outline),
        .ellipse(44, 62, rx: 25, ry: 16, fill: "#5cb85c", stroke: outline),
        .ellipse(47, 69, rx: 16, ry: 7, fill: "#d4e157"),
        .polygon("58,56 66,33 78,37 71,62", fill: "#5cb85c", stroke: outline),
        .polygon("69,29 66,17 75,27", fill: "#ff7043", stroke: outline),
        .path("M64 34Q72 23 86 27L97 33Q97 41 88 42L70 42Z", fill: "#5cb85c", stroke: outline),
        .circle(80, 32, radius: 2.2, fill: outline),
        .circle(94, 35, radius: 1, fill: outline),
    ]
}

extension Creature.Unicorn.Color {
    /// The coat: the colour the unicorn is named for.
    var bodyColor: String {
        switch self {
        case .yellow: "#ffe066"
        case .pink: "#ffb3d1"
        case .white: "#fbfbff"
        }
    }

    /// The mane and tail, chosen to stand out against the coat.
    var maneColor: String {
        switch self {
        case .yellow: "#ff9f1c"
        case .pink: "#b15cf0"
        case .white: "#7cc6fe"
        }
    }
}
