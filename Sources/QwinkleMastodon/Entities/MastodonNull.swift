/// A JSON `null` that Mastodon's documentation requires to be present: apps read a missing key and a `null` alike,
/// but the entity tests and stricter clients check that the key is there.
struct MastodonNull: Encodable, Sendable {
    /// Writes `null`.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encodeNil()
    }
}
