/// How far a motion effect moves a layer from where the layout put it, in the layout's units.
public struct MotionOffset: Hashable, Sendable {
    /// The horizontal move, rightwards.
    public var x: Double
    /// The vertical move, downwards.
    public var y: Double

    /// No move.
    public static let zero = MotionOffset(x: 0, y: 0)

    /// Creates an offset.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}
