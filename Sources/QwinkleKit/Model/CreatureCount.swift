/// How many creatures a dream shows: always within `CreatureCount.range` (1–10).
///
/// Making the count its own type keeps an out-of-range number from ever reaching a model:
/// it is refused where it is read (a decoding error, or `nil` from the initialiser).
public struct CreatureCount: RawRepresentable, Hashable, Sendable, Codable, Comparable, CustomStringConvertible {
    /// The counts a dream may have.
    public static let range: ClosedRange<Int> = 1...10

    /// What people read when a number is outside `range`.
    public static let outOfRange = "The number of creatures must be between \(range.lowerBound) and \(range.upperBound)."

    /// A single creature, the default for a new dream.
    public static let one = CreatureCount(unchecked: 1)

    /// The number of creatures.
    public let rawValue: Int

    /// A count within `range`, or `nil` for any other number.
    public init?(rawValue: Int) {
        guard Self.range.contains(rawValue) else { return nil }
        self.rawValue = rawValue
    }

    /// A count within `range`, or `nil` for any other number.
    public init?(_ value: Int) {
        self.init(rawValue: value)
    }

    private init(unchecked value: Int) {
        rawValue = value
    }

    /// Decodes a plain JSON integer, refusing one outside `range`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let value = try container.decode(Int.self)
        guard let count = Self(rawValue: value) else {
            throw DecodingError.dataCorruptedError(
                in: container,
                debugDescription: "number_of_creatures must be between \(Self.range.lowerBound) and \(Self.range.upperBound), not \(value)."
            )
        }
        self = count
    }

    /// Encodes as a plain JSON integer.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    /// Orders counts numerically.
    public static func < (lhs: Self, rhs: Self) -> Bool {
        lhs.rawValue < rhs.rawValue
    }

    /// The count as a number.
    public var description: String { String(rawValue) }
}
