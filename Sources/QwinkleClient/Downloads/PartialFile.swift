import Crypto
import Foundation
import NIOCore

/// The partial file being written, and the SHA-256 of everything in it, kept as chunks arrive so a finished
/// file needs no second read. Used by one transfer at a time, never shared.
final class PartialFile {
    let url: URL
    private let handle: FileHandle
    private var hasher = SHA256()
    /// How many bytes the file holds.
    private(set) var length: Int64 = 0
    private var isClosed = false

    /// Opens (or creates) the partial file and keeps at most `keeping` bytes of it: resume data can lag behind
    /// a file a crashed process wrote more to, and the bytes it does not account for cannot be trusted.
    init(at url: URL, keeping: Int64) throws(DownloadError) {
        self.url = url
        do {
            if !FileManager.default.fileExists(atPath: url.path) {
                guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
                    throw DownloadError.fileSystem(url, reason: "it cannot be created")
                }
            }
            handle = try FileHandle(forUpdating: url)
        } catch {
            throw Self.fileSystemError(error, url)
        }
        do {
            // A later process cannot restore a hash's state, so it hashes the kept bytes again.
            while length < keeping, let data = try handle.read(upToCount: Int(min(1 << 20, keeping - length))), !data.isEmpty {
                hasher.update(data: data)
                length += Int64(data.count)
            }
            try handle.truncate(atOffset: UInt64(length))
            try handle.seek(toOffset: UInt64(length))
        } catch {
            try? handle.close()
            throw Self.fileSystemError(error, url)
        }
    }

    /// Appends a chunk.
    func append(_ chunk: ByteBuffer) throws(DownloadError) {
        do {
            try chunk.withUnsafeReadableBytes { bytes in
                try handle.write(contentsOf: bytes)
                hasher.update(bufferPointer: bytes)
            }
        } catch {
            throw Self.fileSystemError(error, url)
        }
        length += Int64(chunk.readableBytes)
    }

    /// Empties the file, for a body that is the whole file again.
    func empty() throws(DownloadError) {
        do {
            try handle.truncate(atOffset: 0)
            try handle.seek(toOffset: 0)
        } catch {
            throw Self.fileSystemError(error, url)
        }
        hasher = SHA256()
        length = 0
    }

    /// Flushes the bytes to disk and returns their hash.
    func finish() throws(DownloadError) -> ContentHash {
        do {
            try handle.synchronize()
        } catch {
            throw Self.fileSystemError(error, url)
        }
        return ContentHash(hasher.finalize())
    }

    /// Flushes and closes the file, once; the transfer calls it however it ends, so a paused file is on disk whole.
    func close() {
        guard !isClosed else { return }
        isClosed = true
        try? handle.synchronize()
        try? handle.close()
    }

    private static func fileSystemError(_ error: any Error, _ url: URL) -> DownloadError {
        (error as? DownloadError) ?? .fileSystem(url, reason: error.localizedDescription)
    }
}
