import Foundation

/// Reads what `BinaryWriter` wrote. Every read checks that the bytes are there, so a truncated or corrupt
/// file gives a `FormatError`, never a crash or a silently wrong value.
public struct BinaryReader: Sendable {
    private let bytes: [UInt8]
    /// How many bytes have been read.
    public private(set) var offset = 0

    /// Reads from these bytes, from the start.
    public init(_ bytes: some Sequence<UInt8>) {
        self.bytes = Array(bytes)
    }

    /// How many bytes are left.
    public var remainingCount: Int { bytes.count - offset }

    /// Whether every byte has been read.
    public var isAtEnd: Bool { remainingCount == 0 }

    /// Reads a fixed-width integer written most significant byte first.
    public mutating func read<Integer: FixedWidthInteger>(_: Integer.Type = Integer.self) throws(FormatError) -> Integer {
        let raw = try read(count: MemoryLayout<Integer>.size)
        return raw.reduce(Integer.zero) { ($0 << 8) | Integer(truncatingIfNeeded: $1) }
    }

    /// Reads exactly `count` bytes.
    public mutating func read(count: Int) throws(FormatError) -> ArraySlice<UInt8> {
        guard count >= 0, count <= remainingCount else { throw .truncated(needed: count, available: remainingCount) }
        defer { offset += count }
        return bytes[offset..<offset + count]
    }

    /// Reads bytes preceded by their count as a `UInt32`.
    public mutating func readLengthPrefixed() throws(FormatError) -> ArraySlice<UInt8> {
        let count = try read(UInt32.self)
        return try read(count: Int(count))
    }

    /// Reads a UTF-8 string preceded by its byte count as a `UInt32`.
    public mutating func readString() throws(FormatError) -> String {
        let raw = try readLengthPrefixed()
        guard let string = String(validating: raw, as: UTF8.self) else { throw .invalidUTF8(at: offset - raw.count) }
        return string
    }

    /// Reads a Boolean written as one byte, 0 or 1.
    public mutating func readBool() throws(FormatError) -> Bool {
        switch try read(UInt8.self) {
        case 0: return false
        case 1: return true
        case let other: throw .invalidValue("a Boolean byte must be 0 or 1, not \(other)")
        }
    }

    /// Fails unless every byte has been read: trailing bytes mean the file is not what it claims to be.
    public func expectEnd() throws(FormatError) {
        guard isAtEnd else { throw .trailingBytes(remainingCount) }
    }
}
