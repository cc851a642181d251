/// The creature a dream is about, as in Lucid Dreams: a unicorn of some colour, Crusty, a shark or a dragon.
///
/// Its JSON spelling is one of `unicorn_yellow`, `unicorn_pink`, `unicorn_white`, `crusty`, `shark`, `dragon`;
/// any other spelling fails to decode.
public enum Creature: Hashable, Sendable, Codable, CaseIterable, RawRepresentable {
    /// A unicorn, in one of its colours.
    case unicorn(Unicorn.Color)
    /// Crusty, the engineer's dream.
    case crusty
    /// A shark.
    case shark
    /// A dragon.
    case dragon

    /// Unicorn details.
    public enum Unicorn {
        /// The colours a unicorn may be.
        public enum Color: String, Hashable, Sendable, CaseIterable {
            /// A yellow unicorn.
            case yellow
            /// A pink unicorn.
            case pink
            /// A white unicorn.
            case white

            /// The colour's name as it starts a sentence, such as "Pink".
            public var displayName: String {
                switch self {
                case .yellow: "Yellow"
                case .pink: "Pink"
                case .white: "White"
                }
            }
        }
    }

    /// Every creature, unicorns first, in the order a picker lists them.
    public static var allCases: [Creature] {
        Unicorn.Color.allCases.map(Creature.unicorn) + [.crusty, .shark, .dragon]
    }

    /// The creature's stable spelling, as in the API and stored data.
    public var rawValue: String {
        switch self {
        case .unicorn(let color): "unicorn_\(color.rawValue)"
        case .crusty: "crusty"
        case .shark: "shark"
        case .dragon: "dragon"
        }
    }

    /// Reads a creature from its stable spelling; an unknown spelling gives `nil`.
    public init?(rawValue: String) {
        guard let creature = Self.allCases.first(where: { $0.rawValue == rawValue }) else { return nil }
        self = creature
    }

    /// The name a person reads, such as "Pink unicorn".
    public var displayName: String {
        switch self {
        case .unicorn(let color): "\(color.displayName) unicorn"
        case .crusty: "Crusty"
        case .shark: "Shark"
        case .dragon: "Dragon"
        }
    }
}
