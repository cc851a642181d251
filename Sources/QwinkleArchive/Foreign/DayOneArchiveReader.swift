import Foundation

/// Reads a Day One export ZIP into `ArchiveContents` through `DayOneExport`, its journal files and photos read under
/// the archive's limits like any other.
enum DayOneArchiveReader {
    static func read(_ zip: LimitedZIPReader, journals: [String]) throws(ArchiveError) -> OpenedArchive {
        var documents: [Data] = []
        for path in journals { documents.append(Data(try zip.read(path))) }
        let contents: ArchiveContents
        do {
            contents = try DayOneExport.read(journals: documents, paths: Set(zip.paths))
        } catch {
            throw .unreadableExport(error.description)
        }
        return OpenedArchive(contents: contents, format: .dayOne) { path throws(ArchiveError) in try zip.read(path) }
    }
}
