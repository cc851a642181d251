/// A width and a height in a layout's units (SVG user units, terminal cells, points).
public struct Size: Hashable, Sendable, Codable {
    /// The horizontal extent.
    public var width: Double
    /// The vertical extent.
    public var height: Double

    /// No size at all.
    public static let zero = Size(width: 0, height: 0)

    /// Creates a size.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// Both extents multiplied by `factor`.
    public func scaled(by factor: Double) -> Size {
        Size(width: width * factor, height: height * factor)
    }
}
