import Foundation

/// Mastodon's JSON, written straight into bytes in the order each entity's `encode(to:)` writes it.
///
/// Foundation's `JSONEncoder` first builds a tree of boxed values and then writes it; for a page of statuses, each
/// with its account, that tree cost more than reading the page (see docs/performance.md). This writer keeps the one
/// definition of every entity (its `Encodable` conformance) and only changes how it is written. What it does not
/// write itself (nested containers, which no entity uses) it hands back to `JSONEncoder`, so any value still encodes.
enum MastodonJSON {
    /// The value as JSON: keys as each entity names them, slashes unescaped, as Mastodon writes them.
    static func encode(_ value: some Encodable) throws -> [UInt8] {
        let sink = JSONSink()
        try sink.write(value)
        if !sink.unsupported { return sink.bytes }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        return Array(try encoder.encode(value))
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

/// The bytes written so far, and whether some value asked for what the writer does not do.
final class JSONSink {
    var bytes: [UInt8] = []
    var unsupported = false

    init() {
        bytes.reserveCapacity(16 * 1024)
    }

    /// Writes a value: plain values directly, others through their `encode(to:)`.
    func write<Value: Encodable>(_ value: Value) throws {
        // The values an encoder writes itself (their `encode(to:)` asks the encoder to write them): each is written
        // here, or `encode(to:)` would come straight back.
        switch value {
        case let text as String: string(text)
        case let flag as Bool: bytes.append(contentsOf: (flag ? "true" : "false").utf8)
        case let number as any BinaryInteger: bytes.append(contentsOf: String(describing: number).utf8)
        case let number as Double: self.number(number)
        case let number as Float: self.number(Double(number))
        default:
            let encoder = StreamingEncoder(sink: self)
            try value.encode(to: encoder)
            encoder.close()
        }
    }

    /// A JSON string: quotes, and `"`, `\` and control characters escaped.
    func string(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { utf8 in
            var start = 0
            for (index, byte) in utf8.enumerated() where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                bytes.append(contentsOf: utf8[start..<index])
                switch byte {
                case UInt8(ascii: "\""): bytes.append(contentsOf: #"\""#.utf8)
                case UInt8(ascii: "\\"): bytes.append(contentsOf: #"\\"#.utf8)
                case 0x0A: bytes.append(contentsOf: #"\n"#.utf8)
                case 0x0D: bytes.append(contentsOf: #"\r"#.utf8)
                case 0x09: bytes.append(contentsOf: #"\t"#.utf8)
                default:
                    let hex = Array("0123456789abcdef".utf8)
                    bytes.append(contentsOf: #"\u00"#.utf8)
                    bytes.append(hex[Int(byte >> 4)])
                    bytes.append(hex[Int(byte & 0x0F)])
                }
                start = index + 1
            }
            bytes.append(contentsOf: utf8[start...])
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// A number; one JSON cannot write (infinite, not a number) is left to `JSONEncoder`, which refuses it.
    func number(_ value: Double) {
        guard value.isFinite else {
            unsupported = true
            return
        }
        bytes.append(contentsOf: (value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)).utf8)
    }

    /// Punctuation.
    func raw(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }
}

/// An `Encoder` that writes into a `JSONSink` as it is told: one container per value.
final class StreamingEncoder: Encoder {
    enum Opened { case nothing, keyed, unkeyed, single }

    let sink: JSONSink
    var opened = Opened.nothing
    /// Whether the container's next member needs a comma before it.
    var needsComma = false
    var codingPath: [any CodingKey] = []
    var userInfo: [CodingUserInfoKey: Any] = [:]

    init(sink: JSONSink) {
        self.sink = sink
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        switch opened {
        case .nothing:
            opened = .keyed
            sink.raw("{")
        case .keyed: break
        case .unkeyed, .single: sink.unsupported = true
        }
        return KeyedEncodingContainer(KeyedWriter<Key>(encoder: self))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if opened == .nothing {
            opened = .unkeyed
            sink.raw("[")
        } else {
            sink.unsupported = true
        }
        return UnkeyedWriter(encoder: self)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        if opened == .nothing { opened = .single } else { sink.unsupported = true }
        return SingleWriter(encoder: self)
    }

    /// Ends what the value opened; a value that opened nothing is an empty object, as `JSONEncoder` writes it.
    func close() {
        switch opened {
        case .nothing: sink.raw("{}")
        case .keyed: sink.raw("}")
        case .unkeyed: sink.raw("]")
        case .single: break
        }
    }

    /// Starts a member of the open container: a comma after the first.
    func member() {
        if needsComma { sink.raw(",") }
        needsComma = true
    }
}

/// The keyed container: `"key":value`, in order.
struct KeyedWriter<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: StreamingEncoder
    var codingPath: [any CodingKey] { encoder.codingPath }

    private func key(_ key: Key) {
        encoder.member()
        encoder.sink.string(key.stringValue)
        encoder.sink.raw(":")
    }

    mutating func encodeNil(forKey key: Key) throws {
        self.key(key)
        encoder.sink.raw("null")
    }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        self.key(key)
        try encoder.sink.write(value)
    }

    // The plain values entities hold, written without a generic call and the casts that find their kind.
    mutating func encode(_ value: String, forKey key: Key) throws {
        self.key(key)
        encoder.sink.string(value)
    }

    mutating func encode(_ value: Bool, forKey key: Key) throws {
        self.key(key)
        encoder.sink.bytes.append(contentsOf: (value ? "true" : "false").utf8)
    }

    mutating func encode(_ value: Int, forKey key: Key) throws {
        self.key(key)
        encoder.sink.bytes.append(contentsOf: String(value).utf8)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        encoder.sink.unsupported = true
        return KeyedEncodingContainer(KeyedWriter<NestedKey>(encoder: StreamingEncoder(sink: JSONSink())))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        encoder.sink.unsupported = true
        return UnkeyedWriter(encoder: StreamingEncoder(sink: JSONSink()))
    }

    mutating func superEncoder() -> any Encoder {
        encoder.sink.unsupported = true
        return StreamingEncoder(sink: JSONSink())
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        superEncoder()
    }
}

/// The unkeyed container: values separated by commas.
struct UnkeyedWriter: UnkeyedEncodingContainer {
    let encoder: StreamingEncoder
    var codingPath: [any CodingKey] { encoder.codingPath }
    var count = 0

    mutating func encodeNil() throws {
        encoder.member()
        encoder.sink.raw("null")
        count += 1
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        encoder.member()
        try encoder.sink.write(value)
        count += 1
    }

    mutating func encode(_ value: String) throws {
        encoder.member()
        encoder.sink.string(value)
        count += 1
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        encoder.sink.unsupported = true
        return KeyedEncodingContainer(KeyedWriter<NestedKey>(encoder: StreamingEncoder(sink: JSONSink())))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        encoder.sink.unsupported = true
        return UnkeyedWriter(encoder: StreamingEncoder(sink: JSONSink()))
    }

    mutating func superEncoder() -> any Encoder {
        encoder.sink.unsupported = true
        return StreamingEncoder(sink: JSONSink())
    }
}

/// The single-value container: the value itself.
struct SingleWriter: SingleValueEncodingContainer {
    let encoder: StreamingEncoder
    var codingPath: [any CodingKey] { encoder.codingPath }

    mutating func encodeNil() throws {
        encoder.sink.raw("null")
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try encoder.sink.write(value)
    }

    mutating func encode(_ value: String) throws {
        encoder.sink.string(value)
    }

    mutating func encode(_ value: Bool) throws {
        encoder.sink.bytes.append(contentsOf: (value ? "true" : "false").utf8)
    }
}
