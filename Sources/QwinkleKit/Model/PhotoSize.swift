/// A photo's width and height in pixels, as it is shown: what a client needs to lay a photo out before its bytes come.
public struct PhotoSize: Hashable, Sendable, Codable {
    /// The width in pixels.
    public var width: Int
    /// The height in pixels.
    public var height: Int

    /// Describes a size.
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// Width over height.
    public var aspect: Double { Double(width) / Double(height) }
}
