import Crypto
import Foundation
import NIOPosix
import QwinkleStorage
import QwinkleStorageSQL

/// The photo bytes on disk, stored by content hash under `photos/` in the data folder.
///
/// A photo is written to a temporary file, flushed, then renamed into place, so a crash never leaves a half
/// photo that the database points at. The same bytes uploaded twice are stored once.
public struct PhotoFiles: Sendable {
    /// The data folder.
    private let folder: DataFolder

    /// Opens (creating if needed) `photos/` in the data folder.
    public init(dataDirectory: URL) throws {
        folder = DataFolder(dataDirectory)
        try FileManager.default.createDirectory(at: incoming, withIntermediateDirectories: true)
    }

    private var incoming: URL { folder.photos.appendingPathComponent(".incoming", isDirectory: true) }

    /// Where the bytes with this hash live: `photos/ab/abcdef…`.
    package func url(sha256: String) -> URL {
        folder.photo(sha256: sha256)
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
        do {
            _ = try await NIOThreadPool.singleton.runIfActive { try files.store(bytes) }
        } catch let error as NSError where Self.isOutOfSpace(error) {
            throw StorageError.full("the photo")
        }
    }

    /// Whether a file operation failed for want of space (`ENOSPC`, or Foundation's word for it).
    static func isOutOfSpace(_ error: NSError) -> Bool {
        (error.domain == NSPOSIXErrorDomain && error.code == Int(ENOSPC))
            || (error.domain == NSCocoaErrorDomain && error.code == CocoaError.fileWriteOutOfSpace.rawValue)
            || (error.userInfo[NSUnderlyingErrorKey] as? NSError).map(isOutOfSpace) == true
    }

    /// Reads the bytes from the folder, on the blocking thread pool; `nil` when there is no such file.
    public func bytes(sha256: String) async throws -> Data? {
        let files = self
        return try await NIOThreadPool.singleton.runIfActive {
            FileManager.default.fileExists(atPath: files.url(sha256: sha256).path) ? try files.read(sha256: sha256) : nil
        }
    }

    /// Looks for the file.
    public func hasBytes(sha256: String) async throws -> Bool {
        FileManager.default.fileExists(atPath: url(sha256: sha256).path)
    }

    /// Reads the file and unlinks it, on the blocking thread pool; `nil` when there is no such file.
    public func removeBytes(sha256: String) async throws -> Data? {
        let files = self
        return try await NIOThreadPool.singleton.runIfActive {
            let url = files.url(sha256: sha256)
            guard FileManager.default.fileExists(atPath: url.path) else { return nil }
            let bytes = try files.read(sha256: sha256)
            try FileManager.default.removeItem(at: url)
            return bytes
        }
    }
}
