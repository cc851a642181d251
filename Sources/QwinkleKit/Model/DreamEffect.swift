/// A visual effect a dream can have; a dream holds a set of them.
///
/// Its JSON spelling is snake_case (`fire_breathing`, `laser_focus`, …); any other spelling fails to decode.
public enum DreamEffect: String, Hashable, Sendable, Codable, CaseIterable, Comparable {
    /// The creature breathes fire.
    case fireBreathing = "fire_breathing"
    /// Laser focus.
    case laserFocus = "laser_focus"
    /// Magic sparkles.
    case magic
    /// Fireflies.
    case fireflies
    /// Rain.
    case rain
    /// Snow.
    case snow

    /// The name a person reads, such as "Fire breathing".
    public var displayName: String {
        switch self {
        case .fireBreathing: "Fire breathing"
        case .laserFocus: "Laser focus"
        case .magic: "Magic"
        case .fireflies: "Fireflies"
        case .rain: "Rain"
        case .snow: "Snow"
        }
    }

    /// Orders effects as `allCases` lists them, so a set of effects always prints and encodes the same way.
    public static func < (lhs: Self, rhs: Self) -> Bool {
        lhs.order < rhs.order
    }

    private var order: Int {
        Self.allCases.firstIndex(of: self) ?? 0
    }
}
