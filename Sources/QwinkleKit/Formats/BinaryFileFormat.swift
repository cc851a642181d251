import Foundation

/// A value stored as a binary file with an explicit layout: 4 magic bytes naming the kind of file,
/// a big-endian `UInt16` format version, then the value's own fields written with `BinaryWriter`.
///
/// A reader refuses another kind of file, a version it cannot read, a truncated file and trailing bytes.
public protocol BinaryFileFormat {
    /// Four bytes that name the kind of file, such as `QWRD`.
    static var magic: [UInt8] { get }
    /// A name for messages, such as "download resume data".
    static var formatName: String { get }
    /// The version this program writes.
    static var formatVersion: UInt16 { get }
    /// The versions this program reads; by default only the one it writes.
    static var readableVersions: ClosedRange<UInt16> { get }

    /// Writes the value's fields, after the header.
    func write(to writer: inout BinaryWriter) throws(FormatError)
    /// Reads the value's fields, after the header, as written by the given version.
    init(reading reader: inout BinaryReader, version: UInt16) throws(FormatError)
}

extension BinaryFileFormat {
    /// Reads only the version this program writes.
    public static var readableVersions: ClosedRange<UInt16> { formatVersion...formatVersion }

    /// The whole file: header, then fields.
    public func fileData() throws(FormatError) -> Data {
        var writer = BinaryWriter()
        writer.write(raw: Self.magic)
        writer.write(Self.formatVersion)
        try write(to: &writer)
        return writer.data
    }

    /// Reads a whole file written by `fileData()`.
    public init(fileData: Data) throws(FormatError) {
        var reader = BinaryReader(fileData)
        let magic = Array(try reader.read(count: Self.magic.count))
        guard magic == Self.magic else { throw .wrongMagic(expected: Self.magic, found: magic) }
        let version = try reader.read(UInt16.self)
        guard Self.readableVersions.contains(version) else {
            throw .unsupportedVersion(
                format: Self.formatName, found: Int(version),
                readable: Int(Self.readableVersions.lowerBound)...Int(Self.readableVersions.upperBound)
            )
        }
        try self.init(reading: &reader, version: version)
        try reader.expectEnd()
    }

    /// Writes the file atomically: a reader sees the old file or the new one, never half of one.
    public func write(to url: URL) throws {
        try fileData().write(to: url, options: .atomic)
    }

    /// Reads a file written by `write(to:)`.
    public init(contentsOf url: URL) throws {
        try self.init(fileData: Data(contentsOf: url))
    }
}
