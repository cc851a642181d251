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
    /// How many scheduled entries the account had waiting, which an archive does not carry (absent in archives made
    /// before it was counted); an import names them, so nobody learns of a lost post only when it fails to appear.
    public var scheduledEntriesLeftOut: Int?
    /// How many drafts the account had, which an archive does not carry either.
    public var draftsLeftOut: Int?

    /// A manifest for an archive made now by this build.
    public init(exportedAt: Date, server: String, username: String, scheduledEntriesLeftOut: Int? = nil, draftsLeftOut: Int? = nil) {
        self.format = Self.formatName
        self.formatVersion = Self.currentVersion
        self.exportedAt = exportedAt
        self.server = server
        self.username = username
        self.scheduledEntriesLeftOut = scheduledEntriesLeftOut
        self.draftsLeftOut = draftsLeftOut
    }

    enum CodingKeys: String, CodingKey {
        case format
        case formatVersion = "format_version"
        case exportedAt = "exported_at"
        case server
        case username
        case scheduledEntriesLeftOut = "scheduled_entries_left_out"
        case draftsLeftOut = "drafts_left_out"
    }
}
