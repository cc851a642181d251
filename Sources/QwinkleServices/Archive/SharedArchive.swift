import QwinkleArchive
import Synchronization

/// An archive opened for import, shared between the service and the thread pool that reads it (ZIP reading and
/// inflating block), one read at a time.
final class SharedArchive: Sendable {
    /// What the archive holds.
    let contents: ArchiveContents
    /// The format it was read as.
    let format: ArchiveFormat
    private let archive: Mutex<OpenedArchive>

    /// Shares an opened archive.
    init(_ opened: sending OpenedArchive) {
        contents = opened.contents
        format = opened.format
        archive = Mutex(opened)
    }

    /// A photo's bytes by its path in the archive.
    func photoBytes(_ path: String) throws(ArchiveError) -> [UInt8] {
        try archive.withLock { (opened) throws(ArchiveError) -> [UInt8] in try opened.photoBytes(path) }
    }
}
