/// How a device is tilted, as talk 004's motion effects take it: an absolute pose, never a change since the last.
///
/// Each tilt runs from −1 (fully left, or fully towards the person) through 0 (held level) to 1 (fully right, or
/// fully away). Values outside are clamped, and one that is not a number is taken as level, so every pose a
/// sensor reports gives a valid one.
public struct DevicePose: Hashable, Sendable {
    /// The tilt about the vertical axis: −1 left, 1 right.
    public let tiltX: Double
    /// The tilt about the horizontal axis: −1 towards the person, 1 away.
    public let tiltY: Double

    /// The device held level.
    public static let level = DevicePose(tiltX: 0, tiltY: 0)

    /// A pose, each tilt clamped to −1…1.
    public init(tiltX: Double, tiltY: Double) {
        self.tiltX = Self.clamped(tiltX)
        self.tiltY = Self.clamped(tiltY)
    }

    private static func clamped(_ tilt: Double) -> Double {
        tilt.isNaN ? 0 : min(max(tilt, -1), 1)
    }
}
