import Foundation
import QwinkleArchive
import QwinkleKit
import QwinkleStorage

/// An account's archive (docs/archive-format.md) as a ZIP, made a piece at a time as the response is sent: each
/// `next()` reads a page of entries, a conversation or a photo from the storage and hands back the ZIP bytes made of
/// it, so the archive is never whole in memory and is made only as fast as the client takes it.
///
/// What it keeps while it runs is the ZIP's central directory (a name and a few numbers a file) and each photo's
/// file name by ID (to write every photo once), never entries' text or photos' bytes beyond the current page.
public struct ArchiveExport: AsyncSequence, Sendable {
    /// A piece of the ZIP file.
    public typealias Element = ArraySlice<UInt8>

    let context: ServiceContext
    let photos: PhotoService
    let account: Account
    /// What the archive says about itself: when and where it was made, and whose it is.
    public let manifest: ArchiveManifest

    /// The ZIP's pieces, from its first byte to its last.
    public func makeAsyncIterator() -> Iterator {
        Iterator(export: self)
    }

    /// Reads the storage a step at a time and hands back what each step wrote.
    public struct Iterator: AsyncIteratorProtocol {
        /// How many bytes are gathered before they are handed back: fewer, larger writes to the connection.
        static let chunkSize = 64 * 1024
        /// Entries read a page at a time.
        static let pageSize = 100
        /// The most conversations an archive holds (each with all its messages).
        static let maxConversations = 10_000

        private enum Phase {
            case start
            case entries(after: Entry.ID?)
            case journal(after: Entry.ID?, day: String?)
            case following(before: Int64?)
            case journalReaders
            case messages
            case photos(index: Int)
            case finish
            case done
        }

        private let export: ArchiveExport
        private var zip = ZIPStreamWriter()
        private var phase = Phase.start
        private var output: [UInt8] = []
        private var firstItem = true
        /// Each photo's file name by ID, and the IDs in the order they were met, so each photo is written once.
        private var photoFiles: [Photo.ID: String] = [:]
        private var photoOrder: [Photo.ID] = []
        private let encoder = QwinkleJSON.makeEncoder()
        private var storage: any Storage { export.context.storage }

        init(export: ArchiveExport) {
            self.export = export
        }

        /// The next piece of the ZIP, or `nil` after its last byte.
        public mutating func next() async throws -> ArraySlice<UInt8>? {
            while output.count < Self.chunkSize {
                if case .done = phase { break }
                try await step()
            }
            guard !output.isEmpty else { return nil }
            let chunk = output[...]
            output = []
            return chunk
        }

        /// Does one step of the phase it is in, writing its bytes to `output`.
        private mutating func step() async throws {
            switch phase {
            case .start:
                try await writeStart()
                phase = .entries(after: nil)
            case .entries(let after):
                let page = try await storage.entriesOldestFirst(by: export.account.id, after: after, limit: Self.pageSize)
                if let last = page.last {
                    for entry in page { try await writeEntry(entry) }
                    phase = .entries(after: last.id)
                } else {
                    try write("]}\n")
                    try close()
                    phase = .journal(after: nil, day: nil)
                }
            case .journal(let after, let openDay):
                let page = try await storage.entriesOldestFirst(by: export.account.id, after: after, limit: Self.pageSize)
                guard let last = page.last else {
                    if openDay != nil { try close() }
                    try start(ArchiveFile.following)
                    try write("{\"following\":[")
                    firstItem = true
                    phase = .following(before: nil)
                    return
                }
                var day = openDay
                for entry in page {
                    let entryDay = JournalMarkdown.day(of: entry.createdAt)
                    if entryDay != day {
                        if day != nil { try close() }
                        try start(ArchiveFile.journal(day: entryDay))
                        try write(JournalMarkdown.heading(day: entryDay))
                        day = entryDay
                    }
                    try write(JournalMarkdown.block(for: archived(entry, revisions: [])))
                }
                phase = .journal(after: last.id, day: day)
            case .following(let before):
                let page = try await storage.following(of: export.account.id, page: PageRequest(limit: Self.pageSize, maxCursor: before))
                if let last = page.last {
                    for followed in page { try item(ArchiveUsername(username: followed.item.username)) }
                    phase = .following(before: last.cursor)
                } else {
                    try write("]}\n")
                    try close()
                    phase = .journalReaders
                }
            case .journalReaders:
                let readers = try await storage.journalReaders(owner: export.account.id)
                try addJSON(ArchiveFile.journalReaders, ArchiveJournalReaders(journalReaders: readers.map { ArchiveUsername(username: $0.username) }))
                phase = .messages
            case .messages:
                try await writeMessages()
                phase = .photos(index: 0)
            case .photos(let index):
                guard index < photoOrder.count else {
                    phase = .finish
                    return
                }
                let id = photoOrder[index]
                if let stored = try await storage.photo(id: id), let file = photoFiles[id] {
                    let bytes = try await export.photos.bytes(of: stored)
                    output += try zip.addFile(file, bytes: bytes, modified: stored.createdAt)
                }
                phase = .photos(index: index + 1)
            case .finish:
                output += try zip.finish()
                phase = .done
            case .done:
                break
            }
        }

        /// The manifest, the profile, and the start of `entries.json`.
        private mutating func writeStart() async throws {
            let account = export.account
            // The manifest counts what an archive does not carry, so the import can tell whoever moves what stayed.
            var manifest = export.manifest
            manifest.scheduledEntriesLeftOut = try await storage.scheduledEntries(of: account.id).count
            manifest.draftsLeftOut = try await draftCount()
            try addJSON(ArchiveManifest.path, manifest)
            var avatar: String?
            if let id = account.avatar { avatar = try await photoFile(id) }
            try addJSON(ArchiveFile.account, ArchiveAccount(
                username: account.username, displayName: account.displayName, bio: account.bio,
                favoriteCreature: account.favoriteCreature, avatar: avatar, createdAt: account.createdAt
            ))
            try start(ArchiveFile.entries)
            try write("{\"entries\":[\n")
            firstItem = true
        }

        /// How many drafts the account has, counted a page at a time.
        private func draftCount() async throws -> Int {
            var count = 0
            var before: Int64?
            while true {
                let page = try await storage.drafts(of: export.account.id, page: PageRequest(limit: Self.pageSize, maxCursor: before))
                count += page.count
                guard page.count == Self.pageSize, let last = page.last else { return count }
                before = last.cursor
            }
        }

        /// One entry of `entries.json`, with every revision.
        private mutating func writeEntry(_ entry: Entry) async throws {
            let revisions = try await storage.revisions(of: entry.id)
            for photo in (revisions.flatMap(\.photos) + entry.photos) { _ = try await photoFile(photo.id) }
            try item(archived(entry, revisions: revisions), separator: ",\n")
        }

        /// `messages.json`: each conversation with its participants and messages, a page of messages at a time.
        private mutating func writeMessages() async throws {
            try start(ArchiveFile.messages)
            try write("{\"conversations\":[")
            // An archive holds every conversation, those its owner took off their list too.
            let conversations = try await storage.conversations(
                of: export.account.id, page: PageRequest(limit: Self.maxConversations), includingRemoved: true
            ).map(\.item.conversation)
            let people = try await storage.accounts(ids: Set(conversations.flatMap(\.participants)))
            for (index, conversation) in conversations.enumerated() {
                let participants = conversation.participants.compactMap { people[$0]?.username }.sorted()
                let head = String(decoding: try encoder.encode(participants), as: UTF8.self)
                try write("\(index == 0 ? "" : ",")\n{\"id\":\"\(conversation.id.rawValue)\",\"participants\":\(head),\"messages\":[")
                var before: Int64?
                var first = true
                while true {
                    let page = try await storage.messages(in: conversation.id, page: PageRequest(limit: Self.pageSize, maxCursor: before))
                    guard let last = page.last else { break }
                    for paged in page {
                        let message = paged.item
                        var files: [String] = []
                        for photo in message.photos { if let file = try await photoFile(photo) { files.append(file) } }
                        let archivedMessage = ArchiveMessage(
                            id: message.id.rawValue, from: message.sender.flatMap { people[$0]?.username }, body: message.body,
                            photos: files, createdAt: message.createdAt
                        )
                        try write((first ? "" : ",") + String(decoding: try encoder.encode(archivedMessage), as: UTF8.self))
                        first = false
                    }
                    before = last.cursor
                }
                try write("]}")
            }
            try write("\n]}\n")
            try close()
        }

        /// The archive's file for a photo, remembered so it is written once; `nil` for a photo that is gone.
        private mutating func photoFile(_ id: Photo.ID) async throws -> String? {
            if let file = photoFiles[id] { return file }
            guard let stored = try await storage.photo(id: id) else { return nil }
            let file = ArchiveFile.photo(id: id.rawValue, contentType: stored.photo.contentType)
            photoFiles[id] = file
            photoOrder.append(id)
            return file
        }

        /// An entry in the archive's shape, its photos named by file.
        private func archived(_ entry: Entry, revisions: [Entry]) -> ArchiveEntry {
            ArchiveEntry(
                id: entry.id.rawValue, content: entry.content, createdAt: entry.createdAt, editedAt: entry.editedAt,
                photos: references(entry.photos),
                revisions: revisions.map { revision in
                    ArchiveRevision(
                        revision: revision.revision, content: revision.content, photos: references(revision.photos),
                        createdAt: revision.editedAt ?? revision.createdAt
                    )
                },
                inReplyTo: entry.reply.map { reply in
                    // A reply to the account's own entry keeps its thread; one to someone else's keeps where that is.
                    reply.parentAuthor == entry.author
                        ? ArchiveReplyTarget(entryID: reply.parent.rawValue)
                        : ArchiveReplyTarget(url: "\(export.manifest.server)/entries/\(reply.parent.rawValue)")
                }
            )
        }

        private func references(_ photos: [AttachedPhoto]) -> [ArchivePhotoReference] {
            photos.compactMap { photo in photoFiles[photo.id].map { ArchivePhotoReference(file: $0, alt: photo.alt) } }
        }

        // MARK: - Writing

        private mutating func addJSON(_ path: String, _ value: some Encodable) throws {
            try start(path)
            output += try zip.write(try QwinkleJSON.encode(value, pretty: true))
            try close()
        }

        /// One value of a JSON array being written, with the separator before all but the first.
        private mutating func item(_ value: some Encodable, separator: String = ",") throws {
            try write((firstItem ? "" : separator) + String(decoding: try encoder.encode(value), as: UTF8.self))
            firstItem = false
        }

        private mutating func start(_ path: String) throws {
            let method: ZIPStreamWriter.Method = .deflate
            output += try zip.startFile(path, method: method, modified: export.manifest.exportedAt)
        }

        private mutating func write(_ text: String) throws {
            output += try zip.write(Array(text.utf8))
        }

        private mutating func close() throws {
            output += try zip.finishFile()
        }
    }
}
