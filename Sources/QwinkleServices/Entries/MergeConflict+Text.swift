import QwinkleKit

extension MergeConflict {
    /// The three values of a conflicting part as text, for people and for the API: photos as their IDs joined by
    /// commas, a line as its text (empty when absent), a count as its number, a kind by its name.
    public var texts: (base: String, theirs: String, yours: String) {
        switch self {
        case .body(let values): Self.texts(values) { $0 }
        case .visibility(let values): Self.texts(values) { $0.rawValue }
        case .photos(let values): Self.texts(values) { $0.map(\.id.rawValue).joined(separator: ",") }
        case .line(_, let values): Self.texts(values) { $0 ?? "" }
        case .creature(let values): Self.texts(values) { $0.rawValue }
        case .count(let values): Self.texts(values) { String($0.rawValue) }
        case .kind(let values): Self.texts(values) { $0.name.rawValue }
        }
    }

    private static func texts<Value>(_ values: ConflictingValues<Value>, _ text: (Value) -> String) -> (base: String, theirs: String, yours: String) {
        (text(values.base), text(values.theirs), text(values.yours))
    }
}
