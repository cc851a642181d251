import Foundation

/// An archive read for import, of whatever format: what it holds, and a way to read a photo's bytes by the path
/// its entries name, one at a time when the import stores them.
///
/// It reads from the file on disk it was opened from, so it is used by one task and is not `Sendable`.
public struct OpenedArchive {
    /// What the import takes from the archive.
    public var contents: ArchiveContents
    /// Which format it was read as, for the import's report.
    public var format: ArchiveFormat
    /// Reads the bytes of a photo an entry names; throws `ArchiveError` for a missing or oversized one.
    public var photoBytes: (String) throws(ArchiveError) -> [UInt8]

    /// An archive's contents with the reader of its photos.
    public init(contents: ArchiveContents, format: ArchiveFormat, photoBytes: @escaping (String) throws(ArchiveError) -> [UInt8]) {
        self.contents = contents
        self.format = format
        self.photoBytes = photoBytes
    }
}

/// The formats an import reads.
public enum ArchiveFormat: String, Hashable, Sendable {
    /// A Qwinkle archive (docs/archive-format.md).
    case qwinkle
    /// jrnl's JSON export (`jrnl --format json`).
    case jrnl
    /// Day One's JSON export ZIP.
    case dayOne = "dayone"
}
