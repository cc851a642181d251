/// Why bytes could not be read as, or written in, a Qwinkle file format.
public enum FormatError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The bytes end before the format says they should.
    case truncated(needed: Int, available: Int)
    /// The file does not start with the format's magic bytes: it is some other kind of file.
    case wrongMagic(expected: [UInt8], found: [UInt8])
    /// A JSON file names another format than the one expected.
    case wrongFormat(expected: String, found: String)
    /// The file is of the right kind, but a version this program cannot read.
    case unsupportedVersion(format: String, found: Int, readable: ClosedRange<Int>)
    /// Bytes are left over after the whole value was read.
    case trailingBytes(Int)
    /// A string's bytes are not valid UTF-8.
    case invalidUTF8(at: Int)
    /// A field holds a value the format does not allow.
    case invalidValue(String)
    /// A piece of data is too large for its length field.
    case tooLarge(Int)

    /// A one-line explanation.
    public var description: String {
        switch self {
        case .truncated(let needed, let available):
            "The file is cut short: \(needed) more bytes were expected, \(available) are there."
        case .wrongMagic(let expected, let found):
            "The file is not of the expected kind (it starts \(found), not \(expected))."
        case .wrongFormat(let expected, let found):
            "The file is a \(found) file, not a \(expected) file."
        case .unsupportedVersion(let format, let found, let readable):
            found > readable.upperBound
                ? "This \(format) file is version \(found), written by a newer Qwinkle; this one reads up to version \(readable.upperBound)."
                : "This \(format) file is version \(found), which this Qwinkle no longer reads (it reads \(readable.lowerBound)–\(readable.upperBound))."
        case .trailingBytes(let count):
            "The file has \(count) unexpected bytes at its end."
        case .invalidUTF8(let offset):
            "The file has text that is not UTF-8 at byte \(offset)."
        case .invalidValue(let detail):
            "The file holds a value it may not: \(detail)."
        case .tooLarge(let count):
            "\(count) bytes are too many for one field of the file."
        }
    }
}
