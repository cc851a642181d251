/// A value Mastodon's documentation requires as a key even when it has none: written as the value or as `null`
/// (a plain optional would leave the key out).
struct MastodonNullable<Value: Encodable & Sendable>: Encodable, Sendable {
    /// The value, if there is one.
    var value: Value?

    init(_ value: Value?) {
        self.value = value
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let value { try container.encode(value) } else { try container.encodeNil() }
    }
}
