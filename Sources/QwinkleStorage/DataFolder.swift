import Foundation

/// What a data folder holds, and where: the SQLite database, and the photos' bytes under `photos/` by content hash
/// (`photos/ab/abcdef…`). One definition for the server, its photo files, the backups and the benchmarks' seeding.
package struct DataFolder: Sendable {
    /// The folder.
    package let url: URL

    /// The layout of the folder at `url`.
    package init(_ url: URL) {
        self.url = url
    }

    /// The database file's name.
    package static let databaseName = "qwinkle.sqlite"
    /// The photos' folder's name.
    package static let photosName = "photos"

    /// The database file.
    package var database: URL { url.appendingPathComponent(Self.databaseName) }
    /// The photos' folder.
    package var photos: URL { url.appendingPathComponent(Self.photosName, isDirectory: true) }

    /// Where the bytes with this SHA-256 (lowercase hex) live.
    package func photo(sha256: String) -> URL {
        url.appendingPathComponent(Self.photoPath(sha256: sha256))
    }

    /// A photo's path inside a data folder: `photos/ab/abcdef…`.
    package static func photoPath(sha256: String) -> String {
        "\(photosName)/\(sha256.prefix(2))/\(sha256)"
    }
}
