import QwinkleKit

/// A stored value that breaks the schema's promises, such as an unknown creature spelling: a fault of the database,
/// not of the request, in either SQL backend.
package struct CorruptRow: Error, CustomStringConvertible {
    /// What was found.
    package let description: String

    /// Describes what was found.
    package init(description: String) {
        self.description = description
    }
}

/// The value a stored spelling stands for (`make` of `raw`), or a `CorruptRow` naming `what` it should have been.
package func stored<Raw, Value>(_ make: (Raw) -> Value?, _ raw: Raw, _ what: String) throws -> Value {
    guard let value = make(raw) else { throw CorruptRow(description: "unknown \(what) \(raw) in the database") }
    return value
}

extension DreamDetails {
    /// The effects as both SQL backends store them: raw values in a fixed order, separated by commas.
    package var storedEffects: String {
        effects.sorted().map(\.rawValue).joined(separator: ",")
    }
}

extension Identifier {
    /// The integer key for a query; an identifier no backend issued matches nothing.
    ///
    /// A page's reads map it with a closure (`{ $0.key }`), not a key path: a key path to a property of another
    /// module is applied through the runtime, which was a twentieth of a public page's time.
    package var key: Int64 { integerValue ?? 0 }
}

extension String {
    /// `text%` for `LIKE … ESCAPE '\'` in either SQL backend, with the text's own `%`, `_` and `\` taken literally.
    package static func likePrefix(_ text: String) -> String {
        var pattern = ""
        for character in text {
            if character == "%" || character == "_" || character == "\\" { pattern.append("\\") }
            pattern.append(character)
        }
        return pattern + "%"
    }
}
