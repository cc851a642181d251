import Foundation

/// Reads a tar archive entry by entry, copying each file's content out in chunks.
final class TarReader {
    private let handle: FileHandle
    private static let chunkSize = 1 << 20

    /// Opens the archive at `url`.
    init(reading url: URL) throws {
        handle = try FileHandle(forReadingFrom: url)
    }

    deinit {
        try? handle.close()
    }

    /// The next entry's header, `nil` at the end of the archive.
    func next() throws -> TarHeader? {
        let block = try handle.read(upToCount: TarHeader.blockSize) ?? Data()
        guard !block.isEmpty else { throw BackupError.damaged("the archive ends without its end marker") }
        return try TarHeader.decode(Array(block))
    }

    /// Copies the current entry's content into a new file at `url`.
    func copyContent(of header: TarHeader, to url: URL) throws {
        guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
        }
        let destination = try FileHandle(forWritingTo: url)
        defer { try? destination.close() }
        try copy(header.size) { try destination.write(contentsOf: $0) }
        try destination.synchronize()
    }

    /// The current entry's content, for the small ones (the manifest).
    func content(of header: TarHeader, limit: Int) throws -> Data {
        guard header.size <= UInt64(limit) else { throw BackupError.damaged("\(header.name) is larger than it can be") }
        var data = Data()
        try copy(header.size) { data.append($0) }
        return data
    }

    /// Skips the current entry's content.
    func skip(_ header: TarHeader) throws {
        try copy(header.size) { _ in }
    }

    private func copy(_ size: UInt64, into sink: (Data) throws -> Void) throws {
        var left = size
        while left > 0 {
            let chunk = try handle.read(upToCount: Int(min(UInt64(Self.chunkSize), left))) ?? Data()
            guard !chunk.isEmpty else { throw BackupError.damaged("the archive ends inside a file") }
            try sink(chunk)
            left -= UInt64(chunk.count)
        }
        let padding = TarHeader.padding(after: size)
        if padding > 0 {
            guard (try handle.read(upToCount: padding))?.count == padding else { throw BackupError.damaged("the archive ends inside a file") }
        }
    }
}
