import Foundation

/// The one JSON dialect Qwinkle speaks everywhere: the API, the clients' caches and files on disk.
///
/// Key names come from each model's own `CodingKeys`, so they are stable whatever the coder; this type fixes
/// the rest: times are RFC 3339 in UTC with milliseconds, and output keys are sorted so equal values give equal bytes.
public enum QwinkleJSON {
    /// An encoder for Qwinkle's JSON. A new one each call: encoders are not meant to be shared across tasks.
    public static func makeEncoder(pretty: Bool = false) -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = pretty ? [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(RFC3339.string(from: date))
        }
        return encoder
    }

    /// A decoder for Qwinkle's JSON; it reads RFC 3339 times with or without fractional seconds, in any offset.
    public static func makeDecoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard let date = RFC3339.date(from: text) else {
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: "Expected an RFC 3339 time such as 2026-11-21T09:30:00Z, not \"\(text)\"."
                )
            }
            return date
        }
        return decoder
    }

    /// Encodes a value as Qwinkle JSON.
    public static func encode(_ value: some Encodable, pretty: Bool = false) throws -> Data {
        try makeEncoder(pretty: pretty).encode(value)
    }

    /// Decodes a value from Qwinkle JSON.
    public static func decode<Value: Decodable>(_ type: Value.Type, from data: Data) throws -> Value {
        try makeDecoder().decode(type, from: data)
    }
}
