/// A JSON property whose name is known only when the program runs: a content line's, an ActivityStreams property a
/// line is written as, a Mastodon preference's, one a document should not have.
public struct NamedCodingKey: CodingKey, Hashable, Sendable {
    /// The property's name.
    public let stringValue: String
    /// Never an index: these keys name properties.
    public var intValue: Int? { nil }

    /// The key of this name.
    public init(_ name: String) { stringValue = name }

    /// The key of this name, as `Decoder` makes it.
    public init(stringValue: String) { self.stringValue = stringValue }

    /// None: these keys name properties.
    public init?(intValue: Int) { nil }
}
