import Foundation

/// Writes a tar archive to a file as it goes: each file is copied in chunks, so a large photo folder or database
/// never sits in memory.
final class TarWriter {
    private let handle: FileHandle
    private static let chunkSize = 1 << 20

    /// Starts an archive in an empty file at `url`.
    init(creating url: URL) throws {
        guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
        }
        handle = try FileHandle(forWritingTo: url)
    }

    /// Adds bytes as a file named `name`.
    func add(_ data: Data, as name: String, modified: Date = Date()) throws {
        try handle.write(contentsOf: TarHeader(name: name, size: UInt64(data.count), modified: Int(modified.timeIntervalSince1970)).encoded())
        try handle.write(contentsOf: data)
        try handle.write(contentsOf: Data(count: TarHeader.padding(after: UInt64(data.count))))
    }

    /// Adds the file at `url` as `name`, copied in chunks; returns its size. The size is taken first and exactly that
    /// many bytes are copied, so a file that grows meanwhile still makes a well-formed entry.
    @discardableResult
    func addFile(at url: URL, as name: String) throws -> UInt64 {
        let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        let size = (attributes[.size] as? NSNumber)?.uint64Value ?? 0
        let modified = (attributes[.modificationDate] as? Date) ?? Date()
        let source = try FileHandle(forReadingFrom: url)
        defer { try? source.close() }
        try handle.write(contentsOf: TarHeader(name: name, size: size, modified: Int(modified.timeIntervalSince1970)).encoded())
        var left = size
        while left > 0 {
            let chunk = try source.read(upToCount: Int(min(UInt64(Self.chunkSize), left))) ?? Data()
            guard !chunk.isEmpty else { throw BackupError.damaged("\(url.lastPathComponent) shrank while it was copied") }
            try handle.write(contentsOf: chunk)
            left -= UInt64(chunk.count)
        }
        try handle.write(contentsOf: Data(count: TarHeader.padding(after: size)))
        return size
    }

    /// Ends the archive with its two zero blocks, flushes it to disk and closes it.
    func finish() throws {
        try handle.write(contentsOf: Data(count: 2 * TarHeader.blockSize))
        try handle.synchronize()
        try handle.close()
    }

    /// Closes the file without finishing it, after a failure.
    func abandon() {
        try? handle.close()
    }
}
