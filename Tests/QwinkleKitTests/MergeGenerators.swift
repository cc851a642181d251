import PropertyBased
import QwinkleKit

/// Generators for merge tests: texts from a small vocabulary, so that random texts share many words,
/// and entry contents of every kind.
enum MergeGenerators {
    static let vocabulary = ["the", "cat", "sat", "on", "a", "mat", "dream", "of", "pink", "unicorns", "."]

    /// A list of words from the vocabulary.
    static let words = Gen<String?>.element(of: vocabulary).map { $0! }.array(of: 0...15)

    /// Text: words separated by spaces, double spaces and line breaks.
    static let text = zip(Gen<String?>.element(of: vocabulary), Gen<String?>.element(of: [" ", " ", "  ", "\n"]))
        .map { word, space in word! + space! }
        .array(of: 0...15)
        .map { $0.joined() }

    /// Edits of a list of words: at a position (wrapping round the list), 0 deletes, 1 replaces, 2 inserts.
    static let edits = zip(Gen.int(in: 0...30), Gen.int(in: 0...2), Gen<String?>.element(of: vocabulary))
        .map { position, operation, word in (position, operation, word!) }
        .array(of: 0...4)

    /// Applies generated edits to words.
    static func edit(_ words: [String], with edits: [(Int, Int, String)]) -> [String] {
        var words = words
        for (position, operation, word) in edits {
            switch operation {
            case 0 where !words.isEmpty: words.remove(at: position % words.count)
            case 1 where !words.isEmpty: words[position % words.count] = word
            default: words.insert(word, at: position % (words.count + 1))
            }
        }
        return words
    }

    /// Any kind: an update, a journal entry, or a dream with any details.
    static let kind = zip(
        Gen.int(in: 0...2), Gen<Creature>.case, Gen<DreamEffect>.case.set(ofAtMost: 0...3), Gen.int(in: 1...3)
    ).map { choice, creature, effects, count -> Entry.Kind in
        switch choice {
        case 0: .update
        case 1: .journal
        default: .dream(DreamDetails(creature: creature, effects: effects, numberOfCreatures: CreatureCount(count)!))
        }
    }

    /// Any content.
    static let content = zip(kind, text, Gen.int(in: 0...2), Gen<Visibility>.case)
        .map { kind, body, photoCount, visibility in
            EntryContent(
                kind: kind, body: body,
                photos: (0..<photoCount).map { AttachedPhoto(id: Photo.ID(rawValue: "ph_\($0)")!, alt: "") },
                visibility: visibility
            )
        }
}

/// The three merges whose answer is known without merging: merge(base, x, base), merge(base, base, x) and
/// merge(base, x, x) are all x, without a conflict.
enum OneChange: CaseIterable, Sendable {
    case onlyTheirs
    case onlyYours
    case bothTheSame

    /// Their side and yours, for a base and the one change.
    func sides<Value>(base: Value, changed: Value) -> (theirs: Value, yours: Value) {
        switch self {
        case .onlyTheirs: (changed, base)
        case .onlyYours: (base, changed)
        case .bothTheSame: (changed, changed)
        }
    }
}
