/// A value one side of the API spells in a way the other does not know: an enum case missing from the contract or
/// from the models, or an empty ID. Each front door decides what it means (a refused request, a server fault, an
/// answer the client cannot read); no conversion falls back to a default.
package struct WireMismatch: Error, Hashable, Sendable, CustomStringConvertible {
    /// The type that has no such value, as its name.
    package var type: String
    /// The spelling that was not understood.
    package var value: String
    /// The JSON field it came in, when known (`dream.creature`).
    package var field: String?
    /// Why a value that is spelled right still has no counterpart (a count out of range), for a person.
    package var reason: String?

    /// Describes a value that has no counterpart.
    package init(type: String, value: String, field: String? = nil, reason: String? = nil) {
        self.type = type
        self.value = value
        self.field = field
        self.reason = reason
    }

    /// One sentence for a person.
    package var description: String {
        reason ?? (value.isEmpty ? "An empty \(type)." : "\"\(value)\" is not a known \(type).")
    }
}

/// Conversions between the API's enums and the models' by their shared spellings (the raw values).
package enum Wire {
    /// The value of `type` spelled `rawValue`, or a mismatch naming `field`.
    package static func value<Value: RawRepresentable<String>>(
        _ type: Value.Type, _ rawValue: String, field: String? = nil
    ) throws(WireMismatch) -> Value {
        guard let value = Value(rawValue: rawValue) else { throw WireMismatch(type: "\(Value.self)", value: rawValue, field: field) }
        return value
    }
}
