import Foundation
import ZIPFoundation

/// A ZIP file opened for reading with every path checked and every byte counted: each file's bytes are counted
/// while they are inflated, so a file whose header claims a small size and expands to gigabytes stops at the limit.
///
/// It reads one file at a time from disk and keeps only the names, so it is used by one task and is not `Sendable`.
public final class LimitedZIPReader {
    private let archive: Archive
    private let limits: ArchiveLimits
    private let entries: [String: ZIPFoundation.Entry]
    private var counted: Set<String> = []
    private var totalBytes = 0

    /// Opens a ZIP file, refusing one that is not a ZIP, holds too many files, or has a path that could escape
    /// its folder (or a symbolic link, which could point anywhere).
    public init(url: URL, limits: ArchiveLimits) throws(ArchiveError) {
        let archive: Archive
        do {
            archive = try Archive(url: url, accessMode: .read)
        } catch {
            throw .notAnArchive
        }
        var entries: [String: ZIPFoundation.Entry] = [:]
        for entry in archive {
            guard entries.count < limits.maxFiles else { throw .tooLarge("it holds more than \(limits.maxFiles) files.") }
            let path = entry.path
            guard ArchivePath.isSafe(path), entry.type != .symlink else { throw .unsafePath(path) }
            if entry.type == .file { entries[path] = entry }
        }
        self.archive = archive
        self.limits = limits
        self.entries = entries
    }

    /// The paths of every file (folders left out).
    public var paths: [String] { entries.keys.sorted() }

    /// Whether the archive holds a file at this path.
    public func contains(_ path: String) -> Bool {
        entries[path] != nil
    }

    /// A file's bytes, inflated and checked against its CRC-32; throws `tooLarge` as soon as the file, or all the
    /// files read so far, pass the limits. A file read again is not counted again.
    public func read(_ path: String) throws(ArchiveError) -> [UInt8] {
        guard let entry = entries[path] else { throw .missingFile(path) }
        let limits = limits
        let alreadyCounted = counted.contains(path)
        var bytes: [UInt8] = []
        var total = totalBytes
        let checksum: UInt32
        do {
            checksum = try archive.extract(entry, skipCRC32: false) { chunk in
                guard bytes.count + chunk.count <= limits.maxFileBytes else {
                    throw ArchiveError.tooLarge("\(path) is larger than \(limits.maxFileBytes) bytes.")
                }
                if !alreadyCounted {
                    total += chunk.count
                    guard total <= limits.maxTotalBytes else {
                        throw ArchiveError.tooLarge("its files are larger than \(limits.maxTotalBytes) bytes together.")
                    }
                }
                bytes.append(contentsOf: chunk)
            }
        } catch let error as ArchiveError {
            throw error
        } catch {
            throw .damaged(path: path, reason: "its compressed data is broken.")
        }
        guard checksum == entry.checksum else { throw .damaged(path: path, reason: "its checksum does not match.") }
        if !alreadyCounted {
            counted.insert(path)
            totalBytes = total
        }
        return bytes
    }

    /// A JSON file decoded as `Value`.
    public func decode<Value: Decodable>(_ type: Value.Type, at path: String) throws(ArchiveError) -> Value {
        let bytes = try read(path)
        do {
            return try QwinkleArchiveJSON.decoder().decode(type, from: Data(bytes))
        } catch {
            throw .damaged(path: path, reason: "it is not the JSON the format describes (\(Self.describe(error))).")
        }
    }

    private static func describe(_ error: any Error) -> String {
        guard let decoding = error as? DecodingError else { return "not JSON" }
        switch decoding {
        case .keyNotFound(let key, let context):
            return "\(Self.path(context.codingPath + [key])) is missing"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return context.codingPath.isEmpty ? context.debugDescription : "\(Self.path(context.codingPath)) is wrong"
        case .dataCorrupted(let context):
            // A value of the right type that the models refuse says why (a dream without its details).
            return context.codingPath.isEmpty ? context.debugDescription : "\(Self.path(context.codingPath)) is wrong: \(context.debugDescription)"
        @unknown default:
            return "unreadable"
        }
    }

    private static func path(_ keys: [any CodingKey]) -> String {
        keys.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined().trimmingCharacters(in: ["."])
    }
}
