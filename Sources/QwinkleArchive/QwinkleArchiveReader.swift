import Foundation
import QwinkleKit

/// Reads a Qwinkle archive (docs/archive-format.md) into `ArchiveContents`: its manifest checked, its files
/// decoded, and every photo an entry names checked to be in the archive.
enum QwinkleArchiveReader {
    /// The files an import reads; an archive without one of them is refused.
    static let requiredFiles = [ArchiveFile.account, ArchiveFile.entries, ArchiveFile.following, ArchiveFile.journalReaders]

    static func read(_ zip: LimitedZIPReader) throws(ArchiveError) -> OpenedArchive {
        let manifest = try zip.decode(ArchiveManifest.self, at: ArchiveManifest.path)
        guard manifest.format == ArchiveManifest.formatName else {
            throw .unsupportedFormat("manifest.json names the format \"\(manifest.format)\", not \"\(ArchiveManifest.formatName)\".")
        }
        guard (1...ArchiveManifest.currentVersion).contains(manifest.formatVersion) else {
            throw .unsupportedFormat(
                "its format_version is \(manifest.formatVersion), and this server reads versions 1 to \(ArchiveManifest.currentVersion)."
            )
        }
        for file in requiredFiles where !zip.contains(file) { throw .missingFile(file) }
        let archived = try zip.decode(ArchiveEntries.self, at: ArchiveFile.entries).entries
        let following = try zip.decode(ArchiveFollowing.self, at: ArchiveFile.following).following.map(\.username)
        let readers = try zip.decode(ArchiveJournalReaders.self, at: ArchiveFile.journalReaders).journalReaders.map(\.username)
        _ = try zip.decode(ArchiveAccount.self, at: ArchiveFile.account)
        var entries: [ArchivedEntry] = []
        for (index, entry) in archived.enumerated() {
            entries.append(try archivedEntry(entry, index: index, zip: zip))
        }
        let contents = ArchiveContents(origin: manifest.server, entries: entries, following: following, journalReaders: readers)
        return OpenedArchive(contents: contents, format: .qwinkle) { path throws(ArchiveError) in try zip.read(path) }
    }

    /// An entry of `entries.json` as the import takes it, its photos checked to be in the archive.
    private static func archivedEntry(_ entry: ArchiveEntry, index: Int, zip: LimitedZIPReader) throws(ArchiveError) -> ArchivedEntry {
        let place = "entries[\(index)]"
        let kind = try kind(entry.kind, dream: entry.dream, place: place)
        var revisions: [ArchivedRevision] = []
        for revision in entry.revisions {
            revisions.append(ArchivedRevision(
                kind: try self.kind(revision.kind, dream: revision.dream, place: "\(place).revisions[\(revision.revision)]"),
                body: revision.body, visibility: revision.visibility, createdAt: revision.createdAt,
                photos: try photos(revision.photos, zip: zip)
            ))
        }
        return ArchivedEntry(
            sourceID: entry.id, kind: kind, body: entry.body, visibility: entry.visibility, createdAt: entry.createdAt,
            editedAt: entry.editedAt, photos: try photos(entry.photos, zip: zip), revisions: revisions
        )
    }

    private static func photos(_ references: [ArchivePhotoReference], zip: LimitedZIPReader) throws(ArchiveError) -> [ArchivedPhoto] {
        var photos: [ArchivedPhoto] = []
        for reference in references {
            guard ArchivePath.isSafe(reference.file) else { throw .unsafePath(reference.file) }
            guard zip.contains(reference.file) else { throw .missingFile(reference.file) }
            photos.append(ArchivedPhoto(path: reference.file, alt: reference.alt))
        }
        return photos
    }

    private static func kind(_ name: Entry.Kind.Name, dream: DreamDetails?, place: String) throws(ArchiveError) -> Entry.Kind {
        switch (name, dream) {
        case (.update, nil): return .update
        case (.journal, nil): return .journal
        case (.dream, let details?): return .dream(details)
        case (.dream, nil): throw .damaged(path: ArchiveFile.entries, reason: "\(place) is a dream without its dream details.")
        case (.update, _?), (.journal, _?): throw .damaged(path: ArchiveFile.entries, reason: "\(place) has dream details but is no dream.")
        }
    }
}
