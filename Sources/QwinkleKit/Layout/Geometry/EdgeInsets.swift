/// How far to move each edge of a rectangle inwards; a negative inset moves that edge outwards.
public struct EdgeInsets: Hashable, Sendable, Codable {
    /// The inset of the top edge.
    public var top: Double
    /// The inset of the left edge.
    public var left: Double
    /// The inset of the bottom edge.
    public var bottom: Double
    /// The inset of the right edge.
    public var right: Double

    /// No inset on any edge.
    public static let zero = EdgeInsets(all: 0)

    /// Creates insets, one per edge; an edge not named is not inset.
    public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// The same inset on every edge.
    public init(all inset: Double) {
        self.init(top: inset, left: inset, bottom: inset, right: inset)
    }
}
