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
        let contents = ArchiveContents(
            origin: manifest.server, entries: entries, following: following, journalReaders: readers,
            warnings: leftOut(zip, manifest: manifest)
        )
        return OpenedArchive(contents: contents, format: .qwinkle) { path throws(ArchiveError) in try zip.read(path) }
    }

    /// What the archive holds, or held back, that an import does not bring: messages (a conversation is between
    /// accounts on the server it happened on), and the scheduled entries and drafts the manifest counted.
    private static func leftOut(_ zip: LimitedZIPReader, manifest: ArchiveManifest) -> [String] {
        var warnings: [String] = []
        if zip.contains(ArchiveFile.messages) {
            if let conversations = try? zip.decode(ArchiveConversations.self, at: ArchiveFile.messages).conversations {
                let messages = conversations.reduce(0) { $0 + $1.messages.count }
                if !conversations.isEmpty {
                    warnings.append(
                        "Messages are not imported: the archive's messages.json keeps its "
                            + "\(ImportWording.counted(conversations.count, "conversation")) (\(ImportWording.counted(messages, "message"))) "
                            + "for your own record."
                    )
                }
            } else {
                warnings.append("Messages are not imported, and the archive's messages.json could not be read.")
            }
        }
        let scheduled = manifest.scheduledEntriesLeftOut ?? 0
        let drafts = manifest.draftsLeftOut ?? 0
        if scheduled + drafts > 0 {
            let what = [
                scheduled > 0 ? ImportWording.counted(scheduled, "scheduled entry", "scheduled entries") : nil,
                drafts > 0 ? ImportWording.counted(drafts, "draft") : nil,
            ].compactMap { $0 }.joined(separator: " and ")
            warnings.append(
                "An archive does not carry scheduled entries or drafts: the account's \(what) on \(manifest.server) "
                    + "did not come along. Publish or copy \(scheduled + drafts == 1 ? "it" : "them") there before leaving that server."
            )
        }
        return warnings
    }

    /// `messages.json`, read only to say what an import leaves in it.
    private struct ArchiveConversations: Decodable {
        var conversations: [ArchiveConversation]
    }

    /// An entry of `entries.json` as the import takes it, its photos checked to be in the archive.
    private static func archivedEntry(_ entry: ArchiveEntry, index: Int, zip: LimitedZIPReader) throws(ArchiveError) -> ArchivedEntry {
        var revisions: [ArchivedRevision] = []
        for revision in entry.revisions {
            revisions.append(ArchivedRevision(content: revision.content, createdAt: revision.createdAt, photos: try photos(revision.photos, zip: zip)))
        }
        return ArchivedEntry(
            sourceID: entry.id, content: entry.content, createdAt: entry.createdAt, editedAt: entry.editedAt,
            photos: try photos(entry.photos, zip: zip), revisions: revisions, inReplyTo: entry.inReplyTo
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

}
