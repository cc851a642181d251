import QwinkleKit

extension MergeConflict {
    /// The conflicting part and its three values as a person says them, for the conflict page: "Who can see it",
    /// "Only me", "Pink unicorn", not the API's `visibility`, `private`, `unicorn_pink`.
    var words: (part: String, base: String, theirs: String, yours: String) {
        switch self {
        case .body(let values): Self.words("The text", values) { $0 }
        case .visibility(let values): Self.words("Who can see it", values, \.label)
        case .photos(let values): Self.words("Photos", values, Self.photos)
        case .line(let line, let values): Self.words(line.label, values) { $0 ?? "None" }
        case .creature(let values): Self.words("Creature", values, \.displayName)
        case .count(let values): Self.words("Number of creatures", values) { String($0.rawValue) }
        case .kind(let values): Self.words("Kind of entry", values) { Self.kindNames[$0.name] ?? "Entry" }
        }
    }

    private static let kindNames: [Entry.Kind.Name: String] = [.update: "Update", .journal: "Journal entry", .dream: "Dream"]

    /// "No photos", or each photo by its alt text: "2 photos: A red door; The harbour".
    private static func photos(_ photos: [AttachedPhoto]) -> String {
        guard !photos.isEmpty else { return "No photos" }
        let count = photos.count == 1 ? "1 photo" : "\(photos.count) photos"
        let alts = photos.map(\.alt).filter { !$0.isEmpty }
        return alts.isEmpty ? count : "\(count): \(alts.joined(separator: "; "))"
    }

    private static func words<Value: Hashable & Sendable>(
        _ part: String, _ values: ConflictingValues<Value>, _ text: (Value) -> String
    ) -> (part: String, base: String, theirs: String, yours: String) {
        (part, text(values.base), text(values.theirs), text(values.yours))
    }
}
