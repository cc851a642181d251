/// A part of an entry that both sides changed in different ways, with the three values, so a person can choose.
public enum MergeConflict: Hashable, Sendable {
    /// Overlapping edits to the same words of the body: the conflicting stretch as each side has it.
    case body(ConflictingValues<String>)
    /// Both changed who may read it.
    case visibility(ConflictingValues<Visibility>)
    /// Both changed the photos.
    case photos(ConflictingValues<[AttachedPhoto]>)
    /// Both changed one of the lines (one side may have removed it).
    case line(ContentLine, ConflictingValues<String?>)
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
        case .line(let line, _): .line(line)
        case .creature: .creature
        case .count: .count
        case .kind: .kind
        }
    }

    /// The parts of an entry that can conflict, named as the API names the fields (a line by its name).
    public enum Part: Hashable, Sendable, Codable, CaseIterable, RawRepresentable {
        /// The body text.
        case body
        /// The visibility.
        case visibility
        /// The photos.
        case photos
        /// One of the lines.
        case line(ContentLine)
        /// The dream's creature.
        case creature
        /// The dream's number of creatures.
        case count
        /// The kind.
        case kind

        /// Every part, in the order a merge lists them.
        public static var allCases: [Part] { [.body, .visibility, .photos] + ContentLine.allCases.map(Part.line) + [.creature, .count, .kind] }

        /// The part of this name.
        public init?(rawValue: String) {
            guard let part = Self.allCases.first(where: { $0.rawValue == rawValue }) else { return nil }
            self = part
        }

        /// Its name in the API.
        public var rawValue: String {
            switch self {
            case .body: "body"
            case .visibility: "visibility"
            case .photos: "photos"
            case .line(let line): line.rawValue
            case .creature: "creature"
            case .count: "number_of_creatures"
            case .kind: "kind"
            }
        }
    }
}
