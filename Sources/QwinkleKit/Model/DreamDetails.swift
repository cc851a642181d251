/// What makes an entry a dream, exactly as the Lucid Dreams model has it: a creature, how many of it, and effects.
public struct DreamDetails: Hashable, Sendable, Codable {
    /// The creature the dream is about.
    public var creature: Creature
    /// The effects shown with the creature; a set, so each effect is on or off.
    public var effects: Set<DreamEffect>
    /// How many times the creature appears.
    public var numberOfCreatures: CreatureCount

    /// Creates dream details; a dream starts with one creature and no effects.
    public init(creature: Creature, effects: Set<DreamEffect> = [], numberOfCreatures: CreatureCount = .one) {
        self.creature = creature
        self.effects = effects
        self.numberOfCreatures = numberOfCreatures
    }

    enum CodingKeys: String, CodingKey {
        case creature
        case effects
        case numberOfCreatures = "number_of_creatures"
    }

    /// Decodes the API's JSON; an unknown creature or effect, or a count outside 1–10, is an error.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        creature = try container.decode(Creature.self, forKey: .creature)
        effects = try container.decode(Set<DreamEffect>.self, forKey: .effects)
        numberOfCreatures = try container.decode(CreatureCount.self, forKey: .numberOfCreatures)
    }

    /// Encodes effects in a fixed order, so the same dream always gives the same bytes (ETags, stored revisions).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(creature, forKey: .creature)
        try container.encode(effects.sorted(), forKey: .effects)
        try container.encode(numberOfCreatures, forKey: .numberOfCreatures)
    }
}
