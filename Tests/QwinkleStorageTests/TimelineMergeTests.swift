import QwinkleKit
import QwinkleStorage
import Testing

/// A reader among nine authors who write at very different rates: the reader follows six of them, four share their
/// journals with the reader (two of those are also followed), and one author writes fifteen times in a row. Every
/// ninth entry goes to the trash.
private struct Crowd {
    let reader: Account
    let authors: [Account]
    /// Every entry, oldest first.
    let entries: [Entry]
    /// The entries in the trash.
    let trashed: Set<Entry.ID>

    init(in storage: any Storage) async throws {
        reader = try await storage.createAccount(named: "reader")
        var authors: [Account] = []
        for number in 0..<9 {
            authors.append(try await storage.createAccount(named: "author\(number)"))
        }
        for followed in authors[0..<6] {
            try await storage.follow(reader.id, followed.id, at: StorageFixtures.time(1))
        }
        for sharer in [authors[0], authors[5], authors[6], authors[7]] {
            try await storage.addJournalReader(owner: sharer.id, reader: reader.id, at: StorageFixtures.time(1))
        }
        // Who writes each entry: the reader now and then, one long run by author 2, the rest scattered.
        let writers = (0..<60).map { $0 % 11 == 0 ? -1 : ($0 * 7) % 9 } + Array(repeating: 2, count: 15) + (0..<45).map { ($0 * 5) % 9 }
        var entries: [Entry] = []
        var trashed: Set<Entry.ID> = []
        for (number, writer) in writers.enumerated() {
            let author = writer < 0 ? reader : authors[writer]
            let visibility = Visibility.allCases[(number * 3 + writer + 9) % Visibility.allCases.count]
            let entry = try await storage.post(
                by: author.id, visibility, kind: visibility == .journal ? .journal : .update, body: "\(author.username) \(number)"
            )
            entries.append(entry)
            if number % 9 == 4 {
                #expect(try await storage.deleteEntry(id: entry.id, at: StorageFixtures.time(2)))
                trashed.insert(entry.id)
            }
        }
        self.authors = authors
        self.entries = entries
        self.trashed = trashed
    }

    /// What a list holds by its definition: the entries outside the trash that `contains` accepts, newest first.
    func expected(_ scope: EntryScope, relations: ViewerRelations) -> [Entry.ID] {
        entries.reversed().filter { !trashed.contains($0.id) && scope.contains($0, relations: relations) == true }.map(\.id)
    }
}

/// Reads a list through every page of `limit` entries, newest first, and returns the IDs, checking each page's size
/// and that every cursor is its entry's ID.
private func pagedIDs(_ storage: any Storage, _ scope: EntryScope, limit: Int) async throws -> [Entry.ID] {
    let pages = try await StorageFixtures.pages(limit: limit) { try await storage.entries(scope, page: $0) }
    for page in pages {
        #expect(page.count <= limit)
        #expect(page.allSatisfy { $0.cursor == $0.item.id.integerValue })
    }
    return pages.flatMap { $0.map(\.item.id) }
}

/// Checks that the reader's home and journal hold exactly what their definitions say, read a few at a time.
private func expectListsAgree(
    _ storage: any Storage, reader: Account, entries: [Entry.ID], sourceLocation: SourceLocation = #_sourceLocation
) async throws {
    let relations = try await storage.relations(of: reader.id)
    var current: [Entry] = []
    for id in entries {
        if let entry = try await storage.entry(id: id) { current.append(entry) }
    }
    for scope in [EntryScope.home(viewer: reader.id), .journal(viewer: reader.id)] {
        let expected = current.reversed().filter { scope.contains($0, relations: relations) == true }.map(\.id)
        #expect(try await pagedIDs(storage, scope, limit: 2) == expected, "\(scope)", sourceLocation: sourceLocation)
    }
}

extension StorageConformance {
    @Suite("Home and journal, merged from their authors")
    struct TimelineMerge {
        @Test(
            "Home and journal pages of a few entries each, read down and from a cursor up, hold exactly what the lists' definitions do",
            arguments: Backend.allCases
        )
        func pagesAgreeWithDefinition(backend: Backend) async throws {
            try await backend.withStorage { storage in
                let crowd = try await Crowd(in: storage)
                var scopes: [EntryScope] = [.home(viewer: crowd.reader.id), .journal(viewer: crowd.reader.id)]
                scopes += crowd.authors.prefix(3).flatMap { [EntryScope.home(viewer: $0.id), .journal(viewer: $0.id)] }
                for scope in scopes {
                    let viewer = switch scope {
                    case .home(let viewer), .journal(let viewer): viewer
                    default: crowd.reader.id
                    }
                    let expected = crowd.expected(scope, relations: try await storage.relations(of: viewer))
                    #expect(!expected.isEmpty, "\(scope)")
                    for limit in [1, 4, 20] {
                        #expect(try await pagedIDs(storage, scope, limit: limit) == expected, "\(scope) by \(limit)")
                    }
                    // What is new since an entry: the newest entries above it, and below a second cursor when given.
                    for (since, below) in [(expected.count - 1, nil), (expected.count / 2, nil), (expected.count / 2, 3)] where since > (below ?? 0) {
                        let cursors = try expected.map { try #require($0.integerValue) }
                        let page = PageRequest(limit: 4, maxCursor: below.map { cursors[$0] }, sinceCursor: cursors[since])
                        let window = expected.indices.filter { index in
                            cursors[index] > cursors[since] && below.map { cursors[index] < cursors[$0] } ?? true
                        }.map { expected[$0] }
                        #expect(try await storage.entries(scope, page: page).map(\.item.id) == Array(window.prefix(4)), "\(scope) \(page)")
                    }
                }
            }
        }

        @Test(
            "Home and journal follow every change: follow, unfollow, sharing and unsharing a journal, an edit to a narrower visibility, delete and restore",
            arguments: Backend.allCases
        )
        func listsFollowChanges(backend: Backend) async throws {
            try await backend.withStorage { storage in
                let crowd = try await Crowd(in: storage)
                let ids = crowd.entries.map(\.id)
                let home = EntryScope.home(viewer: crowd.reader.id)
                let journal = EntryScope.journal(viewer: crowd.reader.id)
                let stranger = crowd.authors[8]
                let strangersPublic = try #require(crowd.entries.first { $0.author == stranger.id && $0.visibility == .public && !crowd.trashed.contains($0.id) })
                let strangersJournal = try #require(crowd.entries.first { $0.author == stranger.id && $0.visibility == .journal && !crowd.trashed.contains($0.id) })
                try await expectListsAgree(storage, reader: crowd.reader, entries: ids)

                try await storage.follow(crowd.reader.id, stranger.id, at: StorageFixtures.time(3))
                #expect(try await storage.ids(in: home).contains(strangersPublic.id))
                try await expectListsAgree(storage, reader: crowd.reader, entries: ids)

                try await storage.unfollow(crowd.reader.id, stranger.id)
                #expect(try await !storage.ids(in: home).contains(strangersPublic.id))
                try await expectListsAgree(storage, reader: crowd.reader, entries: ids)

                try await storage.addJournalReader(owner: stranger.id, reader: crowd.reader.id, at: StorageFixtures.time(4))
                #expect(try await storage.ids(in: journal).contains(strangersJournal.id))
                try await expectListsAgree(storage, reader: crowd.reader, entries: ids)

                #expect(try await storage.removeJournalReader(owner: stranger.id, reader: crowd.reader.id, at: StorageFixtures.time(99)))
                #expect(try await !storage.ids(in: journal).contains(strangersJournal.id))
                try await expectListsAgree(storage, reader: crowd.reader, entries: ids)

                let followed = try #require(crowd.entries.last { $0.author == crowd.authors[1].id && $0.visibility == .public && !crowd.trashed.contains($0.id) })
                #expect(try await storage.ids(in: home).contains(followed.id))
                var narrowed = followed
                narrowed.visibility = .private
                narrowed.revision += 1
                narrowed.editedAt = StorageFixtures.time(5)
                #expect(try await storage.updateEntry(narrowed, expectedRevision: followed.revision))
                #expect(try await !storage.ids(in: home).contains(followed.id))
                try await expectListsAgree(storage, reader: crowd.reader, entries: ids)

                let newest = try #require(try await storage.ids(in: home).first)
                #expect(try await storage.deleteEntry(id: newest, at: StorageFixtures.time(6)))
                #expect(try await storage.ids(in: home).first != newest)
                try await expectListsAgree(storage, reader: crowd.reader, entries: ids)

                #expect(try await storage.restoreDeletedEntry(id: newest) != nil)
                #expect(try await storage.ids(in: home).first == newest)
                try await expectListsAgree(storage, reader: crowd.reader, entries: ids)
            }
        }
    }
}
