import Foundation
import QwinkleJSONWriter
import QwinkleKit

/// Mastodon's JSON, written straight into bytes in the order each entity's `encode(to:)` writes it, by the same
/// writer as Qwinkle's own API (`StreamingJSONEncoder`).
///
/// Foundation's `JSONEncoder` first builds a tree of boxed values and then writes it; for a page of statuses, each
/// with its account, that tree cost more than reading the page (see docs/performance.md). The writer keeps the one
/// definition of every entity (its `Encodable` conformance) and only changes how it is written. A value it cannot
/// write in order (one that writes to a container after closing it) is handed to `JSONEncoder`, so any value still
/// encodes.
enum MastodonJSON {
    /// Writes Mastodon's times as every Mastodon time is written: RFC 3339.
    private static let writer = StreamingJSONEncoder(encodeDate: { RFC3339.string(from: $0) })

    /// The value as JSON: keys as each entity names them, slashes unescaped, as Mastodon writes them.
    static func encode(_ value: some Encodable) throws -> [UInt8] {
        do {
            return try writer.encode(value)
        } catch is StreamingJSONEncoder.Unsupported {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.withoutEscapingSlashes]
            encoder.dateEncodingStrategy = .custom { date, encoder in
                var container = encoder.singleValueContainer()
                try container.encode(RFC3339.string(from: date))
            }
            return Array(try encoder.encode(value))
        }
    }

    /// The members of an object the value is written as, without its braces, to write among other members.
    static func members(of value: some Encodable) throws -> ArraySlice<UInt8> {
        let object = try encode(value)
        guard object.count >= 2, object.first == UInt8(ascii: "{"), object.last == UInt8(ascii: "}") else {
            throw EncodingError.invalidValue(value, EncodingError.Context(codingPath: [], debugDescription: "Not written as a JSON object"))
        }
        return object.dropFirst().dropLast()
    }
}
