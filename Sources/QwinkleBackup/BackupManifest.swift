import Foundation

/// The first file of every backup, saying what the archive is, so a restore can refuse anything else.
struct BackupManifest: Codable, Equatable {
    /// What `format` always says.
    static let formatName = "qwinkle.backup"
    /// The version this program writes and reads.
    static let currentVersion = 1
    /// The manifest's name in the archive.
    static let fileName = "qwinkle-backup.json"

    var format = Self.formatName
    var formatVersion = Self.currentVersion
    /// When the database was copied.
    var createdAt: Date
    /// How many photos' bytes the archive holds.
    var photos: Int

    enum CodingKeys: String, CodingKey {
        case format
        case formatVersion = "format_version"
        case createdAt = "created_at"
        case photos
    }

    func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return try encoder.encode(self)
    }

    static func decode(_ data: Data) throws(BackupError) -> BackupManifest {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        guard let manifest = try? decoder.decode(BackupManifest.self, from: data), manifest.format == formatName else {
            throw .damaged("it is not a Qwinkle backup")
        }
        guard manifest.formatVersion == currentVersion else {
            throw .damaged("it is format version \(manifest.formatVersion), and this Qwinkle reads version \(currentVersion)")
        }
        return manifest
    }
}
