/// Evenly scattered points in the unit square, the same on every run: where raindrops, snowflakes, fireflies and
/// stars go, in SVG and on the terminal alike.
///
/// It is the R2 low-discrepancy sequence (steps of the plastic number's inverse powers), which spreads points
/// more evenly than random ones and needs no random numbers, so a card's bytes never change.
enum ScatterPattern {
    private static let stepX = 0.7548776662466927
    private static let stepY = 0.5698402909980532

    /// `count` points with coordinates in 0..<1; a different `seed` gives a different, equally even pattern.
    static func points(count: Int, seed: Double) -> [Point] {
        (0..<max(0, count)).map { index in
            let n = Double(index) + 1
            return Point(x: fraction(seed + n * stepX), y: fraction(seed * 0.5 + n * stepY))
        }
    }

    private static func fraction(_ value: Double) -> Double {
        value - value.rounded(.down)
    }
}
