import Foundation
import OpenAPIRuntime
import QwinkleAPITypes
import QwinkleKit

extension APIClient {
    /// Downloads the signed-in account's archive into `destination`, reporting the bytes received so far as they
    /// arrive. The bytes go to `destination` with `.partial` added, which is moved into place only when the archive
    /// is whole; a failure removes it. Returns the archive's size.
    public func exportArchive(to destination: URL, progress: (Int64) -> Void = { _ in }) async throws(QwinkleError) -> Int64 {
        let partial = destination.appendingPathExtension("partial")
        var whole = false
        defer { if !whole { try? FileManager.default.removeItem(at: partial) } }
        let output = try await call { try await generated.exportArchive() }
        guard case .ok(let ok) = output, case .applicationZip(let body) = ok.body else { throw unexpected(0) }
        let size = try await call {
            guard FileManager.default.createFile(atPath: partial.path, contents: nil) else {
                throw QwinkleError.invalidResponse("cannot write \(partial.path)")
            }
            let handle = try FileHandle(forWritingTo: partial)
            defer { try? handle.close() }
            var received: Int64 = 0
            for try await chunk in body {
                try handle.write(contentsOf: chunk)
                received += Int64(chunk.count)
                progress(received)
            }
            try handle.synchronize()
            return received
        }
        try await call {
            if FileManager.default.fileExists(atPath: destination.path) { try FileManager.default.removeItem(at: destination) }
            try FileManager.default.moveItem(at: partial, to: destination)
        }
        whole = true
        return size
    }

    /// Imports the archive in `file` into the signed-in account, sending it a piece at a time: a Qwinkle archive or
    /// a Day One export (ZIP files), or jrnl's JSON export, which goes as plain bytes for the server to read. Times
    /// the file writes without a zone (jrnl's) are read in `timeZone`, an IANA name; UTC when it is `nil`.
    public func importArchive(from file: URL, timeZone: String? = nil) async throws(QwinkleError) -> ArchiveImportReport {
        let size = try await call { (try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? NSNumber)?.int64Value ?? 0 }
        let isZIP = try await call {
            let handle = try FileHandle(forReadingFrom: file)
            defer { try? handle.close() }
            return try handle.read(upToCount: 2) == Data("PK".utf8)
        }
        let body = HTTPBody(FileChunks(url: file), length: .known(size), iterationBehavior: .single)
        let output = try await call { try await generated.importArchive(query: .init(timeZone: timeZone), body: isZIP ? .applicationZip(body) : .binary(body)) }
        guard case .ok(let ok) = output, case .json(let report) = ok.body else { throw unexpected(0) }
        return report.model()
    }
}

/// A file's bytes a piece at a time, for a request body that should not sit in memory.
struct FileChunks: AsyncSequence, Sendable {
    typealias Element = ArraySlice<UInt8>
    let url: URL

    func makeAsyncIterator() -> Iterator {
        Iterator(handle: try? FileHandle(forReadingFrom: url))
    }

    struct Iterator: AsyncIteratorProtocol {
        let handle: FileHandle?

        mutating func next() async throws -> ArraySlice<UInt8>? {
            guard let handle else { throw QwinkleError.invalidResponse("the archive cannot be read") }
            guard let data = try handle.read(upToCount: 256 * 1024), !data.isEmpty else {
                try handle.close()
                return nil
            }
            return ArraySlice(data)
        }
    }
}
