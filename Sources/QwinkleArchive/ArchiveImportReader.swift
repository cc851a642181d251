import Foundation

/// Reads an uploaded file for import: decides its format, then hands it to that format's reader, which makes
/// `ArchiveContents` of it. Every format's reader is chosen here and nowhere else.
public enum ArchiveImportReader {
    /// What a file's first bytes say it is.
    enum Container: Equatable {
        /// A ZIP file (a Qwinkle archive, or a Day One export).
        case zip
        /// A JSON document (a jrnl export).
        case json
        /// Neither.
        case unknown
    }

    /// Opens the file at `url` (the request body, kept on disk) as the format it is, under `limits`; times written
    /// without a zone (jrnl's) are read in `timeZone`.
    ///
    /// - A ZIP with `manifest.json` at its root is a Qwinkle archive; one holding a Qwinkle archive's other files
    ///   but no manifest is a Qwinkle archive missing its manifest.
    /// - Another ZIP whose root holds JSON files is a Day One export (one JSON file per journal, photos in `photos/`).
    /// - A JSON document whose entries have a `date` and a `time` is a jrnl export.
    ///
    /// The formats are told apart by what the file holds, not by its `Content-Type`: the same upload is sent by a
    /// browser, the CLI and `curl`, each naming it differently.
    public static func open(_ url: URL, limits: ArchiveLimits, timeZone: TimeZone = .gmt) throws(ArchiveError) -> OpenedArchive {
        switch container(of: url) {
        case .zip:
            let zip = try LimitedZIPReader(url: url, limits: limits)
            if zip.contains(ArchiveManifest.path) {
                return try QwinkleArchiveReader.read(zip)
            }
            let journals = DayOneExport.journalFiles(in: zip.paths)
            guard !journals.isEmpty, !QwinkleArchiveReader.requiredFiles.contains(where: zip.contains) else {
                throw .missingFile(ArchiveManifest.path)
            }
            return try DayOneArchiveReader.read(zip, journals: journals)
        case .json:
            return try JrnlArchiveReader.read(url, limits: limits, timeZone: timeZone)
        case .unknown:
            throw .notAnArchive
        }
    }

    /// The container a file's first bytes name: `PK` and a ZIP record's signature, or JSON's first `{` or `[`
    /// after any white space (and a UTF-8 byte order mark).
    static func container(of url: URL) -> Container {
        guard let handle = try? FileHandle(forReadingFrom: url) else { return .unknown }
        defer { try? handle.close() }
        let head = [UInt8]((try? handle.read(upToCount: 64)) ?? Data())
        if head.count >= 4, head[0] == 0x50, head[1] == 0x4B, [0x0403, 0x0605, 0x0807].contains(UInt16(head[2]) | UInt16(head[3]) << 8) {
            return .zip
        }
        let text = head.starts(with: [0xEF, 0xBB, 0xBF]) ? head.dropFirst(3) : head[...]
        let first = text.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
        return first == UInt8(ascii: "{") || first == UInt8(ascii: "[") ? .json : .unknown
    }
}
