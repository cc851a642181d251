/// Talk 004's motion effect as a value, like UIKit's `UIInterpolatingMotionEffect` on both axes: a pure function
/// from a device pose to a relative offset.
///
/// The horizontal offset runs from `minimum.x` at tilt x = −1 to `maximum.x` at tilt x = 1, in a straight line;
/// the vertical one likewise with tilt y. The offset is relative (added to where the layout put a layer) and the
/// pose absolute, so the same pose always gives the same offset and one effect serves any number of cards.
/// A `minimum` greater than the `maximum` moves a layer against the tilt, as a layer behind the card's surface.
public struct InterpolatingMotionEffect: Hashable, Sendable {
    /// The offset at the pose (−1, −1).
    public var minimum: MotionOffset
    /// The offset at the pose (1, 1).
    public var maximum: MotionOffset

    /// An effect that moves between `minimum` and `maximum`.
    public init(minimum: MotionOffset, maximum: MotionOffset) {
        self.minimum = minimum
        self.maximum = maximum
    }

    /// An effect that moves up to `distance` each way along each axis: with the tilt for a positive distance,
    /// against it for a negative one.
    public init(travel distance: Double) {
        self.init(minimum: MotionOffset(x: -distance, y: -distance), maximum: MotionOffset(x: distance, y: distance))
    }

    /// The offset for `pose`.
    public func offset(for pose: DevicePose) -> MotionOffset {
        MotionOffset(
            x: minimum.x + (maximum.x - minimum.x) * (pose.tiltX + 1) / 2,
            y: minimum.y + (maximum.y - minimum.y) * (pose.tiltY + 1) / 2
        )
    }

    /// The offset when the device is level: half-way between the minimum and maximum.
    public var restingOffset: MotionOffset {
        offset(for: .level)
    }

    /// The farthest the effect moves a layer along each axis, whatever the pose: how much room the layer needs.
    public var reach: MotionOffset {
        MotionOffset(x: max(abs(minimum.x), abs(maximum.x)), y: max(abs(minimum.y), abs(maximum.y)))
    }

    /// How far the offset moves for each unit of tilt: half the distance from the minimum to the maximum.
    ///
    /// `restingOffset + tilt × slope` is the offset, which is what a CSS `calc()` computes from the tilt.
    public var slope: MotionOffset {
        MotionOffset(x: (maximum.x - minimum.x) / 2, y: (maximum.y - minimum.y) / 2)
    }
}
