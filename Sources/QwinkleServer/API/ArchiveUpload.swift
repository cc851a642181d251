import Foundation
import OpenAPIRuntime
import QwinkleServices

/// An uploaded archive kept in a file of its own while it is imported: a ZIP is read from its end (the central
/// directory), so it must be whole and seekable first, and a large one must not sit in memory.
struct ArchiveUpload {
    /// The file.
    let url: URL

    /// Writes the body to a new file in the data folder's `imports/` as it arrives, refusing it with 413 as soon as
    /// it passes `limit` bytes (the file is removed then).
    static func receive(_ body: HTTPBody, into dataDirectory: URL, limit: Int) async throws -> ArchiveUpload {
        let tooLarge = ServiceError.tooLarge("An archive may be at most \(limit / (1024 * 1024)) MiB.")
        if case .known(let length) = body.length, length > limit { throw tooLarge }
        let folder = dataDirectory.appendingPathComponent("imports", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let upload = ArchiveUpload(url: folder.appendingPathComponent("\(UUID().uuidString).zip"))
        guard FileManager.default.createFile(atPath: upload.url.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: upload.url.path])
        }
        do {
            let handle = try FileHandle(forWritingTo: upload.url)
            defer { try? handle.close() }
            var received = 0
            for try await chunk in body {
                received += chunk.count
                guard received <= limit else { throw tooLarge }
                try handle.write(contentsOf: chunk)
            }
        } catch {
            upload.remove()
            throw error
        }
        return upload
    }

    /// Removes the file.
    func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}
