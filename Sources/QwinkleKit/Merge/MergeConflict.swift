/// A part of an entry that both sides changed in different ways, with the three values, so a person can choose.
public enum MergeConflict: Hashable, Sendable {
    /// Overlapping edits to the same words of the body: the conflicting stretch as each side has it.
    case body(ConflictingValues<String>)
    /// Both changed who may read it.
    case visibility(ConflictingValues<Visibility>)
    /// Both changed the photos.
    case photos(ConflictingValues<[AttachedPhoto]>)
    /// Both changed the dream's creature.
    case creature(ConflictingValues<Creature>)
    /// Both changed the dream's number of creatures.
    case count(ConflictingValues<CreatureCount>)
    /// Both changed what sort of entry it is (or one changed the sort while the other edited the dream).
    case kind(ConflictingValues<Entry.Kind>)

    /// Which part conflicts.
    public var part: Part {
        switch self {
        case .body: .body
        case .visibility: .visibility
        case .photos: .photos
        case .creature: .creature
        case .count: .count
        case .kind: .kind
        }
    }

    /// The parts of an entry that can conflict, named as the API names the fields.
    public enum Part: String, Hashable, Sendable, Codable, CaseIterable {
        /// The body text.
        case body
        /// The visibility.
        case visibility
        /// The photos.
        case photos
        /// The dream's creature.
        case creature
        /// The dream's number of creatures.
        case count = "number_of_creatures"
        /// The kind.
        case kind
    }
}
