/// A position in a layout's coordinate space: `x` grows rightwards and `y` downwards, as on screen and in SVG.
///
/// Qwinkle's own geometry, so layouts build on Linux and Apple platforms alike without CoreGraphics.
public struct Point: Hashable, Sendable, Codable {
    /// The horizontal position.
    public var x: Double
    /// The vertical position.
    public var y: Double

    /// The origin.
    public static let zero = Point(x: 0, y: 0)

    /// Creates a point.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}
