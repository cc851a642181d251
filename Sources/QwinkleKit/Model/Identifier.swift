/// A typed identifier: an `Identifier<Entry>` can never be passed where an `Identifier<Account>` is expected.
///
/// On the wire and on disk it is a plain JSON string, as the API promises ("IDs are strings").
public struct Identifier<Subject>: RawRepresentable, Hashable, Sendable, Codable,
    CustomStringConvertible, ExpressibleByStringLiteral
{
    /// The identifier's text, as stored and sent.
    public let rawValue: String

    /// Wraps an identifier's text; an empty string is not an identifier.
    public init?(rawValue: String) {
        guard !rawValue.isEmpty else { return nil }
        self.rawValue = rawValue
    }

    /// Wraps a literal identifier, for tests and fixtures.
    public init(stringLiteral value: String) {
        // A literal is written by a programmer, never read from input, so an empty one is a typo to surface early.
        precondition(!value.isEmpty, "an identifier literal must not be empty")
        self.rawValue = value
    }

    /// Decodes from a single non-empty JSON string.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let identifier = Self(rawValue: text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "An identifier must not be empty.")
        }
        self = identifier
    }

    /// Encodes as a single JSON string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    /// The identifier's text.
    public var description: String { rawValue }
}
