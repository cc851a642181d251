import Foundation

/// Writes bytes in an explicit format: fixed-width integers in big-endian order and length-prefixed data,
/// so a file reads back the same on every architecture (talk 002).
public struct BinaryWriter: Sendable {
    /// The bytes written so far.
    public private(set) var bytes: [UInt8] = []

    /// Starts an empty buffer.
    public init() {}

    /// The bytes written so far, as `Data`.
    public var data: Data { Data(bytes) }

    /// Appends a fixed-width integer, most significant byte first.
    public mutating func write<Integer: FixedWidthInteger>(_ value: Integer) {
        withUnsafeBytes(of: value.bigEndian) { bytes.append(contentsOf: $0) }
    }

    /// Appends raw bytes as they are, with no length (for magic numbers and fixed-size fields).
    public mutating func write(raw: some Sequence<UInt8>) {
        bytes.append(contentsOf: raw)
    }

    /// Appends bytes preceded by their count as a `UInt32`.
    public mutating func write(lengthPrefixed data: some Collection<UInt8>) throws(FormatError) {
        guard let count = UInt32(exactly: data.count) else { throw .tooLarge(data.count) }
        write(count)
        bytes.append(contentsOf: data)
    }

    /// Appends a string as UTF-8, preceded by its byte count as a `UInt32`.
    public mutating func write(_ string: String) throws(FormatError) {
        try write(lengthPrefixed: Array(string.utf8))
    }

    /// Appends a Boolean as one byte, 0 or 1.
    public mutating func write(_ value: Bool) {
        write(value ? UInt8(1) : UInt8(0))
    }
}
