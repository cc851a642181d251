import Foundation

/// What an archive says about itself (`manifest.json`): the format and its version, when and where it was made, and
/// whose it is.
public struct ArchiveManifest: Codable, Hashable, Sendable {
    /// The only `format` a Qwinkle archive names.
    public static let formatName = "qwinkle-archive"
    /// The format version this build writes and the newest it reads.
    public static let currentVersion = 1
    /// The manifest's path inside the archive.
    public static let path = "manifest.json"

    /// Always `formatName`; anything else is not a Qwinkle archive.
    public var format: String
    /// The version of the format the archive keeps to.
    public var formatVersion: Int
    /// When the archive was made.
    public var exportedAt: Date
    /// The address of the server that made it; with an entry's `id`, it names where an imported entry came from.
    public var server: String
    /// The username of the account it holds.
    public var username: String

    /// A manifest for an archive made now by this build.
    public init(exportedAt: Date, server: String, username: String) {
        self.format = Self.formatName
        self.formatVersion = Self.currentVersion
        self.exportedAt = exportedAt
        self.server = server
        self.username = username
    }

    enum CodingKeys: String, CodingKey {
        case format
        case formatVersion = "format_version"
        case exportedAt = "exported_at"
        case server
        case username
    }
}
