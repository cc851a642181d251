import Foundation
import QwinkleKit

/// What a later process needs to continue a paused download, kept next to its partial file.
///
/// Version 1, after the `QWDL` magic and the version (see `BinaryFileFormat`), all big-endian:
///
/// | field | bytes |
/// |---|---|
/// | source URL | `UInt32` length + UTF-8 |
/// | destination path | `UInt32` length + UTF-8 |
/// | bytes written | `UInt64` |
/// | expected length | presence byte + `UInt64` (0 when absent) |
/// | ETag | presence byte + `UInt32` length + UTF-8 (nothing more when absent) |
/// | expected SHA-256 | presence byte + 32 bytes (zeros when absent) |
/// | strategy | `UInt8`: 0 not chosen yet, 1 byte ranges, 2 whole file |
/// | group | presence byte + `UInt32` length + UTF-8 (nothing more when absent) |
///
/// The bearer token is never written: a resume file may be copied, backed up or read by anyone with the folder.
public struct DownloadResumeData: BinaryFileFormat, Hashable, Sendable {
    /// `QWDL`.
    public static let magic: [UInt8] = Array("QWDL".utf8)
    /// "download resume data".
    public static let formatName = "download resume data"
    /// 1.
    public static let formatVersion: UInt16 = 1

    /// The URL being fetched.
    public var source: URL
    /// The local file the bytes end up in.
    public var destination: URL
    /// How many bytes the partial file holds.
    public var bytesWritten: Int64
    /// The whole file's size, when the server said it.
    public var expectedLength: Int64?
    /// The ETag of the version the partial file is a prefix of.
    public var etag: String?
    /// The hash the caller asked for, if any.
    public var expectedSHA256: ContentHash?
    /// How the download continues, once the first response has decided it.
    public var strategy: DownloadStrategy?
    /// The batch the download belongs to.
    public var group: String?

    /// Resume data for a download not yet begun.
    public init(request: DownloadRequest) {
        self.source = request.source
        self.destination = request.destination
        self.bytesWritten = 0
        self.expectedSHA256 = request.expectedSHA256
        self.group = request.group
    }

    /// The request this data continues.
    public var request: DownloadRequest {
        DownloadRequest(source: source, destination: destination, expectedSHA256: expectedSHA256, group: group)
    }

    /// How far the download has come.
    public var progress: DownloadProgress {
        DownloadProgress(bytesWritten: bytesWritten, expectedBytes: expectedLength)
    }

    /// Forgets everything learnt from the server, for a download that must begin again from its first byte.
    mutating func startOver() {
        bytesWritten = 0
        expectedLength = nil
        etag = nil
    }

    /// Writes the version 1 fields.
    public func write(to writer: inout BinaryWriter) throws(FormatError) {
        try writer.write(source.absoluteString)
        try writer.write(destination.path)
        writer.write(UInt64(clamping: bytesWritten))
        writer.write(expectedLength != nil)
        writer.write(UInt64(clamping: expectedLength ?? 0))
        try writer.writeOptional(etag)
        writer.write(expectedSHA256 != nil)
        writer.write(raw: expectedSHA256?.bytes ?? Array(repeating: 0, count: 32))
        writer.write(strategy?.rawValue ?? 0)
        try writer.writeOptional(group)
    }

    /// Reads the version 1 fields, refusing values no Qwinkle writes.
    public init(reading reader: inout BinaryReader, version: UInt16) throws(FormatError) {
        let sourceText = try reader.readString()
        guard let source = URL(string: sourceText), ["http", "https"].contains(source.scheme?.lowercased() ?? "") else {
            throw .invalidValue("the source \"\(sourceText)\" is not an http or https URL")
        }
        let path = try reader.readString()
        guard path.hasPrefix("/") else { throw .invalidValue("the destination \"\(path)\" is not an absolute path") }
        self.source = source
        self.destination = URL(fileURLWithPath: path)
        self.bytesWritten = try Self.readLength(&reader, "bytes written")
        let hasLength = try reader.readBool()
        let length = try Self.readLength(&reader, "expected length")
        self.expectedLength = hasLength ? length : nil
        self.etag = try reader.readOptionalString()
        let hasHash = try reader.readBool()
        let hash = try reader.read(count: 32)
        self.expectedSHA256 = hasHash ? ContentHash(bytes: hash) : nil
        let strategyByte = try reader.read(UInt8.self)
        guard strategyByte == 0 || DownloadStrategy(rawValue: strategyByte) != nil else {
            throw .invalidValue("\(strategyByte) names no download strategy")
        }
        self.strategy = DownloadStrategy(rawValue: strategyByte)
        self.group = try reader.readOptionalString()
        if strategy == nil, bytesWritten > 0 { throw .invalidValue("bytes were written before a strategy was chosen") }
        if let expectedLength, bytesWritten > expectedLength {
            throw .invalidValue("\(bytesWritten) bytes written of a \(expectedLength)-byte file")
        }
    }

    private static func readLength(_ reader: inout BinaryReader, _ name: String) throws(FormatError) -> Int64 {
        let value = try reader.read(UInt64.self)
        guard let length = Int64(exactly: value) else { throw .invalidValue("the \(name) \(value) is too large") }
        return length
    }
}

extension BinaryWriter {
    /// A presence byte, then the string when there is one.
    mutating func writeOptional(_ string: String?) throws(FormatError) {
        write(string != nil)
        if let string { try write(string) }
    }
}

extension BinaryReader {
    /// What `writeOptional(_:)` wrote.
    mutating func readOptionalString() throws(FormatError) -> String? {
        try readBool() ? try readString() : nil
    }
}
