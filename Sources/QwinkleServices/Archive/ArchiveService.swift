import Foundation
import NIOPosix
import QwinkleArchive
import QwinkleKit
import QwinkleMedia
import QwinkleStorage

/// An account's data in and out as one archive (docs/archive-format.md): the export made as a stream, the import
/// checked whole before anything is written and written so that importing twice stores nothing new.
public struct ArchiveService: Sendable {
    let context: ServiceContext
    let photos: PhotoService
    let social: SocialService
    private var storage: any Storage { context.storage }

    /// Creates the service over the shared context, storing imported photos through `photos` and re-creating
    /// follows and journal readers through `social`, so their rules and events apply as to any other.
    public init(context: ServiceContext, photos: PhotoService, social: SocialService) {
        self.context = context
        self.photos = photos
        self.social = social
    }

    /// The account's archive as a ZIP made while it is read; `server` is this server's address, which an import
    /// elsewhere remembers as where the entries came from.
    public func export(of account: Account, server: String) -> ArchiveExport {
        ArchiveExport(
            context: context, photos: photos, account: account,
            manifest: ArchiveManifest(exportedAt: context.clock.now(), server: server, username: account.username)
        )
    }

    /// Imports the archive in the file at `url` into the account; times an export writes without a zone (jrnl's)
    /// are read in `timeZone`.
    ///
    /// Everything is checked before anything is written: the format, every path, every size (counted while
    /// inflating), the rules each new entry must keep, and every photo a new entry names (by the photo
    /// sanitizer). A refused archive is a 422 with the reason, and nothing is stored. An entry from another app that
    /// is longer than an entry here is split into consecutive entries rather than refused, and an entry the file
    /// holds twice is imported once; both are named in the report's warnings. Then the photos are stored
    /// (bytes deduplicated), the entries in one transaction (a starred one marked), and the follows and journal
    /// readers the archive names are made again for the usernames this server has. Entries imported before from the
    /// same origin are skipped, so a second import of one archive stores nothing new; so are, in an archive this
    /// server made (`server` is its address, as `export(of:server:)` was given it), the account's own entries that
    /// are still here.
    public func importArchive(
        at url: URL, into account: Account, server: String, limits: ArchiveLimits, maxPhotoBytes: Int, timeZone: TimeZone = .gmt
    ) async throws -> ArchiveImportReport {
        let archive = try await refusingBadArchives {
            try await NIOThreadPool.singleton.runIfActive {
                try SharedArchive(ArchiveImportReader.open(url, limits: limits, timeZone: timeZone))
            }
        }
        let contents = archive.contents.removingDuplicates(timeZone: timeZone)
            .splittingLongEntries(context.lengthRule, timeZone: timeZone)
        let seen = try await storage.importedSourceIDs(author: account.id, origin: contents.origin)
        var new = contents.entries.filter { !seen.contains($0.sourceID) }
        if contents.origin == server {
            new = try await withoutOwnEntries(new, of: account)
        }
        try checkRules(new, timeZone: timeZone)
        var paths: [String] = []
        var named: Set<String> = []
        for entry in new {
            for photo in entry.photos + entry.revisions.flatMap(\.photos) where named.insert(photo.path).inserted { paths.append(photo.path) }
        }
        let sanitizer = PhotoSanitizer()
        for path in paths {
            try await refusingBadArchives {
                try await NIOThreadPool.singleton.runIfActive {
                    let bytes = try archive.photoBytes(path)
                    guard bytes.count <= maxPhotoBytes else {
                        throw ArchiveError.tooLarge("\(path) is larger than a photo may be (\(maxPhotoBytes / (1024 * 1024)) MiB).")
                    }
                    do { _ = try sanitizer.sanitize(bytes) } catch { throw ArchiveError.notAnImage(path) }
                }
            }
        }
        // Checked: now the writes. Photos first, so every entry's photo exists when the entries' transaction runs.
        var photoIDs: [String: Photo.ID] = [:]
        for path in paths {
            let bytes = try await refusingBadArchives { try await NIOThreadPool.singleton.runIfActive { try archive.photoBytes(path) } }
            photoIDs[path] = try await photos.upload(bytes, by: account).photo.id
        }
        var imported: [ImportedEntry] = []
        var elsewhere = 0
        for entry in new {
            var one = Self.imported(entry, photoIDs: photoIDs)
            one.reply = try await reply(of: entry, into: account, sameServer: contents.origin == server)
            if entry.inReplyTo?.url != nil { elsewhere += 1 }
            imported.append(one)
        }
        var warnings = contents.warnings
        if elsewhere > 0 {
            warnings.append(ImportWording.repliesElsewhere(elsewhere))
        }
        let stored = try await storage.importEntries(imported, author: account.id, origin: contents.origin, at: context.clock.now())
        let (following, followingNotFound) = try await relate(contents.following, account: account) { username in
            _ = try await social.follow(username, by: account)
        }
        let (readers, readersNotFound) = try await relate(contents.journalReaders, account: account) { username in
            _ = try await social.addJournalReader(username, by: account)
        }
        return ArchiveImportReport(
            format: archive.format.rawValue, entriesImported: stored, entriesAlreadyPresent: contents.entries.count - stored,
            photosImported: paths.count, following: following, followingNotFound: followingNotFound, journalReaders: readers,
            journalReadersNotFound: readersNotFound, warnings: warnings
        )
    }

    /// What an archived reply answers here: the account's own entry on this server when the archive was made here and
    /// it is still here, otherwise the entry of the same archive (or of an earlier import from it) with that ID. A reply
    /// to someone else's entry, named by its address, is imported as an entry of its own.
    private func reply(of entry: ArchivedEntry, into account: Account, sameServer: Bool) async throws -> ImportedReply? {
        guard let source = entry.inReplyTo?.entryID else { return nil }
        if sameServer, let id = Entry.ID(rawValue: source), id.integerValue != nil, let parent = try await storage.entry(id: id),
            parent.author == account.id {
            return .entry(EntryReply(answering: parent))
        }
        return .source(source)
    }

    /// The entries that are not the account's own entries on this server, still outside the trash: an archive made
    /// here and imported back into the same account gives back only what has gone since.
    private func withoutOwnEntries(_ entries: [ArchivedEntry], of account: Account) async throws -> [ArchivedEntry] {
        var left: [ArchivedEntry] = []
        for entry in entries {
            if let id = Entry.ID(rawValue: entry.sourceID), id.integerValue != nil, let existing = try await storage.entry(id: id),
                existing.author == account.id {
                continue
            }
            left.append(entry)
        }
        return left
    }

    /// The rules every new entry keeps, as when it is posted (`EntryService.ruleProblems`: its length, at most four
    /// photos), and short alt texts.
    private func checkRules(_ entries: [ArchivedEntry], timeZone: TimeZone) throws {
        for entry in entries {
            var problems = EntryService.ruleProblems(of: entry.content, photoCount: entry.photos.count, rule: context.lengthRule)
                .sorted { $0.key < $1.key }.flatMap(\.value)
            if entry.photos.contains(where: { $0.alt.count > EntryService.maxAltText }) {
                problems.append("Alt text must be at most \(EntryService.maxAltText) characters.")
            }
            if let problem = problems.first {
                throw ServiceError.unprocessable(
                    code: "archive_entry_invalid",
                    message: "The archive's entry of \(ImportWording.label(entry, timeZone: timeZone)) cannot be stored here: \(problem)"
                )
            }
        }
    }

    /// Makes a relation again with each username this server has; returns those made and those not found.
    private func relate(
        _ usernames: [String], account: Account, make: (String) async throws -> Void
    ) async throws -> (made: [String], notFound: [String]) {
        var made: [String] = []
        var notFound: [String] = []
        var seen: Set<String> = []
        for username in usernames.map({ $0.lowercased() }) where seen.insert(username).inserted && username != account.username {
            do {
                try await make(username)
                made.append(username)
            } catch ServiceError.notFound {
                notFound.append(username)
            }
        }
        return (made, notFound)
    }

    /// An archived entry as the storage imports it: every revision, the entry as it is now last, photos by their
    /// new IDs here.
    private static func imported(_ entry: ArchivedEntry, photoIDs: [String: Photo.ID]) -> ImportedEntry {
        func content(_ content: EntryContent, photos: [ArchivedPhoto]) -> EntryContent {
            var content = content
            content.photos = photos.compactMap { photo in photoIDs[photo.path].map { AttachedPhoto(id: $0, alt: photo.alt) } }
            return content
        }
        let now = content(entry.content, photos: entry.photos)
        var revisions = entry.revisions.enumerated().map { index, revision in
            ImportedRevision(
                content: content(revision.content, photos: revision.photos),
                date: index == 0 ? entry.createdAt : revision.createdAt
            )
        }
        if revisions.last?.content != now {
            revisions.append(ImportedRevision(content: now, date: revisions.isEmpty ? entry.createdAt : entry.editedAt ?? entry.createdAt))
        }
        return ImportedEntry(sourceID: entry.sourceID, revisions: revisions, editedAt: entry.editedAt, marked: entry.marked)
    }

    /// Runs `body`, turning an archive's refusal into the 422 the front doors answer with.
    private func refusingBadArchives<Result>(_ body: () async throws -> Result) async throws -> Result {
        do {
            return try await body()
        } catch let error as ArchiveError {
            throw ServiceError.unprocessable(code: error.code, message: error.message)
        }
    }
}
