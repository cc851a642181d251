import Foundation

/// Reads a jrnl JSON export, the whole upload, into `ArchiveContents` through `JrnlExport`, its zoneless times in the
/// zone the import names; it has no photos.
enum JrnlArchiveReader {
    static func read(_ url: URL, limits: ArchiveLimits, timeZone: TimeZone) throws(ArchiveError) -> OpenedArchive {
        let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
        guard size <= limits.maxFileBytes else { throw .tooLarge("the file is larger than \(limits.maxFileBytes) bytes.") }
        guard let data = try? Data(contentsOf: url) else { throw .unreadableExport("The file cannot be read.") }
        // Parsed once: the shape says whether it is jrnl's, and the same object is then read.
        guard let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any], JrnlExport.looksLikeExport(object)
        else { throw .notAnArchive }
        let contents: ArchiveContents
        do {
            contents = try JrnlExport.read(object, timeZone: timeZone)
        } catch {
            throw .unreadableExport(error.description)
        }
        return OpenedArchive(contents: contents, format: .jrnl) { path throws(ArchiveError) in throw .missingFile(path) }
    }
}
