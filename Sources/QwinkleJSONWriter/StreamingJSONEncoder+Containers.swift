import Foundation

// The `Encoder` and its three containers, each a position in a `JSONStreamWriter`. Coding paths are not tracked
// (keeping them costs an array per member); no generated type reads them.

/// An encoder for the value at one depth of the text.
struct StreamingEncoder: Encoder {
    let writer: JSONStreamWriter
    let depth: Int

    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        writer.openObject(at: depth)
        return KeyedEncodingContainer(StreamingKeyedContainer<Key>(writer: writer, depth: depth))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        writer.openArray(at: depth)
        return StreamingUnkeyedContainer(writer: writer, depth: depth)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        writer.openSingle(at: depth)
        return StreamingSingleValueContainer(writer: writer, depth: depth)
    }
}

/// An object's members, written as they are encoded.
struct StreamingKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let writer: JSONStreamWriter
    let depth: Int

    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil(forKey key: Key) throws {
        guard writer.beginMember(key.stringValue, at: depth) else { return }
        writer.writeNull()
    }

    mutating func encode(_ value: Bool, forKey key: Key) throws {
        guard writer.beginMember(key.stringValue, at: depth) else { return }
        writer.writeBool(value)
    }

    mutating func encode(_ value: String, forKey key: Key) throws {
        guard writer.beginMember(key.stringValue, at: depth) else { return }
        writer.writeString(value)
    }

    mutating func encode(_ value: Double, forKey key: Key) throws {
        guard writer.beginMember(key.stringValue, at: depth) else { return }
        try writer.writeFloatingPoint(value, codingPath: [key])
    }

    mutating func encode(_ value: Float, forKey key: Key) throws {
        guard writer.beginMember(key.stringValue, at: depth) else { return }
        try writer.writeFloatingPoint(value, codingPath: [key])
    }

    mutating func encode(_ value: Int, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { try integer(value, key) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        guard writer.beginMember(key.stringValue, at: depth) else { return }
        try writer.encodeValue(value, depth: depth + 1)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        _ = writer.beginMember(key.stringValue, at: depth)
        return StreamingEncoder(writer: writer, depth: writer.pushPending()).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        _ = writer.beginMember(key.stringValue, at: depth)
        return StreamingEncoder(writer: writer, depth: writer.pushPending()).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        _ = writer.beginMember("super", at: depth)
        return StreamingEncoder(writer: writer, depth: writer.pushPending())
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        _ = writer.beginMember(key.stringValue, at: depth)
        return StreamingEncoder(writer: writer, depth: writer.pushPending())
    }

    private func integer<T: BinaryInteger>(_ value: T, _ key: Key) throws {
        guard writer.beginMember(key.stringValue, at: depth) else { return }
        writer.writeInteger(value)
    }
}

/// A container whose values go one at a time into the next place (an array's next element, or the single value),
/// so both share their writing of each kind of value and differ only in how a place is taken.
protocol StreamingPlaceContainer {
    var writer: JSONStreamWriter { get }
    var depth: Int { get }
    /// Takes the next place for a value (writing a comma if it needs one); false if there is none to take.
    func beginValue() -> Bool
}

extension StreamingPlaceContainer {
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil() throws {
        guard beginValue() else { return }
        writer.writeNull()
    }

    mutating func encode(_ value: Bool) throws {
        guard beginValue() else { return }
        writer.writeBool(value)
    }

    mutating func encode(_ value: String) throws {
        guard beginValue() else { return }
        writer.writeString(value)
    }

    mutating func encode(_ value: Double) throws {
        guard beginValue() else { return }
        try writer.writeFloatingPoint(value, codingPath: [])
    }

    mutating func encode(_ value: Float) throws {
        guard beginValue() else { return }
        try writer.writeFloatingPoint(value, codingPath: [])
    }

    mutating func encode(_ value: Int) throws { integer(value) }
    mutating func encode(_ value: Int8) throws { integer(value) }
    mutating func encode(_ value: Int16) throws { integer(value) }
    mutating func encode(_ value: Int32) throws { integer(value) }
    mutating func encode(_ value: Int64) throws { integer(value) }
    mutating func encode(_ value: UInt) throws { integer(value) }
    mutating func encode(_ value: UInt8) throws { integer(value) }
    mutating func encode(_ value: UInt16) throws { integer(value) }
    mutating func encode(_ value: UInt32) throws { integer(value) }
    mutating func encode(_ value: UInt64) throws { integer(value) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        guard beginValue() else { return }
        try writer.encodeValue(value, depth: depth + 1)
    }

    private func integer<T: BinaryInteger>(_ value: T) {
        guard beginValue() else { return }
        writer.writeInteger(value)
    }
}

/// An array's elements, written as they are encoded.
struct StreamingUnkeyedContainer: UnkeyedEncodingContainer, StreamingPlaceContainer {
    let writer: JSONStreamWriter
    let depth: Int

    var count: Int { writer.elementCount(at: depth) }

    func beginValue() -> Bool { writer.beginElement(at: depth) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        _ = writer.beginElement(at: depth)
        return StreamingEncoder(writer: writer, depth: writer.pushPending()).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        _ = writer.beginElement(at: depth)
        return StreamingEncoder(writer: writer, depth: writer.pushPending()).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        _ = writer.beginElement(at: depth)
        return StreamingEncoder(writer: writer, depth: writer.pushPending())
    }
}

/// One value written in place, such as an enumeration's raw value or a date.
struct StreamingSingleValueContainer: SingleValueEncodingContainer, StreamingPlaceContainer {
    let writer: JSONStreamWriter
    let depth: Int

    func beginValue() -> Bool { writer.beginSingle(at: depth) }
}
