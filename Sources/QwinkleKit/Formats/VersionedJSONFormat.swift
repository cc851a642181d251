import Foundation

/// A value stored as a JSON file that says what it is and which version wrote it:
/// `{"format": "qwinkle.…", "format_version": 1, "content": {…}}`.
///
/// A reader checks the format and version before it reads the content, so a file from a newer Qwinkle
/// gives a clear error instead of a half-understood value.
public protocol VersionedJSONFormat: Codable {
    /// The format's name, such as `qwinkle.credentials`.
    static var formatName: String { get }
    /// The version this program writes.
    static var formatVersion: Int { get }
    /// The versions this program reads; by default only the one it writes.
    static var readableVersions: ClosedRange<Int> { get }
}

extension VersionedJSONFormat {
    /// Reads only the version this program writes.
    public static var readableVersions: ClosedRange<Int> { formatVersion...formatVersion }

    /// The whole file, as pretty-printed Qwinkle JSON.
    public func fileData() throws -> Data {
        try QwinkleJSON.encode(VersionedJSONEnvelope(format: Self.formatName, formatVersion: Self.formatVersion, content: self), pretty: true)
    }

    /// Reads a whole file written by `fileData()`.
    public init(fileData: Data) throws {
        let header = try QwinkleJSON.decode(VersionedJSONHeader.self, from: fileData)
        guard header.format == Self.formatName else {
            throw FormatError.wrongFormat(expected: Self.formatName, found: header.format)
        }
        guard Self.readableVersions.contains(header.formatVersion) else {
            throw FormatError.unsupportedVersion(format: Self.formatName, found: header.formatVersion, readable: Self.readableVersions)
        }
        self = try QwinkleJSON.decode(VersionedJSONEnvelope<Self>.self, from: fileData).content
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

/// The part of a versioned JSON file read first, to decide whether the rest can be read.
struct VersionedJSONHeader: Codable {
    var format: String
    var formatVersion: Int

    enum CodingKeys: String, CodingKey {
        case format
        case formatVersion = "format_version"
    }
}

/// A versioned JSON file as a whole.
struct VersionedJSONEnvelope<Content: Codable>: Codable {
    var format: String
    var formatVersion: Int
    var content: Content

    enum CodingKeys: String, CodingKey {
        case format
        case formatVersion = "format_version"
        case content
    }
}
