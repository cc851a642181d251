import Crypto
import Foundation
import NIOPosix
import QwinkleStorage

/// The photo bytes on disk, stored by content hash under `photos/` in the data folder.
///
/// A photo is written to a temporary file, flushed, then renamed into place, so a crash never leaves a half
/// photo that the database points at. The same bytes uploaded twice are stored once.
public struct PhotoFiles: Sendable {
    /// The folder holding the photos.
    package let root: URL

    /// Opens (creating if needed) `photos/` in the data folder.
    public init(dataDirectory: URL) throws {
        root = dataDirectory.appendingPathComponent("photos", isDirectory: true)
        try FileManager.default.createDirectory(at: incoming, withIntermediateDirectories: true)
    }

    private var incoming: URL { root.appendingPathComponent(".incoming", isDirectory: true) }

    /// Where the bytes with this hash live: `photos/ab/abcdef…`.
    package func url(sha256: String) -> URL {
        root.appendingPathComponent(String(sha256.prefix(2)), isDirectory: true).appendingPathComponent(sha256)
    }

    /// Stores bytes and returns their SHA-256 (lowercase hex).
    package func store(_ bytes: [UInt8]) throws -> String {
        let sha256 = SHA256.hash(data: bytes).hexString
        let destination = url(sha256: sha256)
        if FileManager.default.fileExists(atPath: destination.path) { return sha256 }
        try FileManager.default.createDirectory(at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
        let temporary = incoming.appendingPathComponent(UUID().uuidString)
        guard FileManager.default.createFile(atPath: temporary.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: temporary.path])
        }
        do {
            let handle = try FileHandle(forWritingTo: temporary)
            try handle.write(contentsOf: bytes)
            try handle.synchronize()
            try handle.close()
            // rename(2) replaces atomically; a concurrent upload of the same bytes writes the same content.
            guard rename(temporary.path, destination.path) == 0 else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: destination.path])
            }
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        }
        return sha256
    }

    /// Reads the bytes with this hash.
    package func read(sha256: String) throws -> Data {
        try Data(contentsOf: url(sha256: sha256))
    }
}

extension PhotoFiles: PhotoBytesStore {
    /// Writes the bytes into the folder, on the blocking thread pool.
    public func storeBytes(_ bytes: [UInt8], sha256: String) async throws {
        let files = self
        _ = try await NIOThreadPool.singleton.runIfActive { try files.store(bytes) }
    }

    /// Reads the bytes from the folder, on the blocking thread pool; `nil` when there is no such file.
    public func bytes(sha256: String) async throws -> Data? {
        let files = self
        return try await NIOThreadPool.singleton.runIfActive {
            FileManager.default.fileExists(atPath: files.url(sha256: sha256).path) ? try files.read(sha256: sha256) : nil
        }
    }
}
