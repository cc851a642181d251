import QwinkleKit
import QwinkleStorage
import Testing

/// Four people, their relations, and an entry of every visibility from each, posted in turns.
///
/// Abe follows Mary; Tad follows Abe (so Abe does not follow Tad); Willie shares his journal with Abe, and Abe
/// shares his with Mary.
private struct Neighbourhood {
    let abe: Account
    let mary: Account
    let tad: Account
    let willie: Account
    /// Every entry, oldest first.
    let entries: [Entry]

    init(in storage: any Storage) async throws {
        abe = try await storage.createAccount(named: "abe")
        mary = try await storage.createAccount(named: "mary")
        tad = try await storage.createAccount(named: "tad")
        willie = try await storage.createAccount(named: "willie")
        try await storage.follow(abe.id, mary.id, at: StorageFixtures.time(1))
        try await storage.follow(tad.id, abe.id, at: StorageFixtures.time(2))
        try await storage.addJournalReader(owner: willie.id, reader: abe.id, at: StorageFixtures.time(3))
        try await storage.addJournalReader(owner: abe.id, reader: mary.id, at: StorageFixtures.time(4))
        var entries: [Entry] = []
        for visibility in Visibility.allCases {
            for author in [abe, mary, tad, willie] {
                let kind: Entry.Kind = visibility == .journal ? .journal : .update
                entries.append(try await storage.post(by: author.id, visibility, kind: kind, body: "\(author.username) \(visibility)"))
            }
        }
        self.entries = entries
    }

    /// The IDs of the entries a rule admits, newest first.
    func ids(where admits: (Entry) -> Bool) -> [Entry.ID] {
        entries.reversed().filter(admits).map(\.id)
    }
}

extension StorageConformance {
    @Suite("Lists of entries")
    struct EntryLists {
        @Test(
            "Home has your own entries and those of the people you follow, except their private ones, and their journal only if they share it with you",
            arguments: Backend.allCases
        )
        func home(backend: Backend) async throws {
            try await backend.withStorage { storage in
                let town = try await Neighbourhood(in: storage)
                let (abe, mary, willie) = (town.abe.id, town.mary.id, town.willie.id)

                #expect(try await storage.ids(in: .home(viewer: abe)) == town.ids { entry in
                    entry.author == abe || (entry.author == mary && [.public, .unlisted, .followers].contains(entry.visibility))
                })
                // Willie shares his journal with Abe: once Abe follows him, his journal is on Abe's home too.
                try await storage.follow(abe, willie, at: StorageFixtures.time(5))
                #expect(try await storage.ids(in: .home(viewer: abe)) == town.ids { entry in
                    entry.author == abe || (entry.author == mary && [.public, .unlisted, .followers].contains(entry.visibility))
                        || (entry.author == willie && entry.visibility != .private)
                })
                #expect(try await storage.ids(in: .home(viewer: willie)) == town.ids { $0.author == willie })
            }
        }

        @Test("Everyone's public list has only public entries, from everyone: no unlisted ones", arguments: Backend.allCases)
        func everyonePublic(backend: Backend) async throws {
            try await backend.withStorage { storage in
                let town = try await Neighbourhood(in: storage)

                #expect(try await storage.ids(in: .everyonePublic) == town.ids { $0.visibility == .public })
            }
        }

        @Test("The journal has your journal and private entries, and the journal entries shared with you", arguments: Backend.allCases)
        func journal(backend: Backend) async throws {
            try await backend.withStorage { storage in
                let town = try await Neighbourhood(in: storage)
                let (abe, mary, willie) = (town.abe.id, town.mary.id, town.willie.id)

                #expect(try await storage.ids(in: .journal(viewer: abe)) == town.ids { entry in
                    (entry.author == abe && [.journal, .private].contains(entry.visibility))
                        || (entry.author == willie && entry.visibility == .journal)
                })
                #expect(try await storage.ids(in: .journal(viewer: mary)) == town.ids { entry in
                    ([abe, mary].contains(entry.author) && entry.visibility == .journal)
                        || (entry.author == mary && entry.visibility == .private)
                })
            }
        }

        @Test("An author's list leaves out their private entries unless the author is the one reading", arguments: Backend.allCases)
        func author(backend: Backend) async throws {
            try await backend.withStorage { storage in
                let town = try await Neighbourhood(in: storage)
                let mary = town.mary.id
                let allButPrivate = town.ids { $0.author == mary && $0.visibility != .private }

                #expect(try await storage.ids(in: .author(mary, viewer: town.abe.id)) == allButPrivate)
                #expect(try await storage.ids(in: .author(mary, viewer: nil)) == allButPrivate)
                #expect(try await storage.ids(in: .author(mary, viewer: mary)) == town.ids { $0.author == mary })
            }
        }

        @Test("Pages of a list run newest first, without gaps or repeats, and only count entries in the list", arguments: Backend.allCases)
        func paging(backend: Backend) async throws {
            try await backend.withStorage { storage in
                let town = try await Neighbourhood(in: storage)
                let scope = EntryScope.home(viewer: town.abe.id)
                let expected = try await storage.ids(in: scope)
                #expect(expected.count == 8)

                let pages = try await StorageFixtures.pages(limit: 3) { try await storage.entries(scope, page: $0) }
                #expect(pages.map(\.count) == [3, 3, 2])
                let all = pages.flatMap(\.self)
                #expect(all.map(\.item.id) == expected)
                #expect(all.map(\.cursor) == all.compactMap(\.item.id.integerValue))

                let newer = try await storage.entries(scope, page: PageRequest(limit: 10, sinceCursor: all[3].cursor))
                #expect(newer.map(\.item.id) == Array(expected[0..<3]))
                let newest = try await storage.entries(scope, page: PageRequest(limit: 2, sinceCursor: all[5].cursor))
                #expect(newest.map(\.item.id) == Array(expected[0..<2]))
                let between = try await storage.entries(scope, page: PageRequest(limit: 10, maxCursor: all[1].cursor, sinceCursor: all[5].cursor))
                #expect(between.map(\.item.id) == Array(expected[2..<5]))

                // The extremes a client can send (a `Last-Event-ID` may be any 64-bit number): nothing, or everything.
                for scope in [scope, .journal(viewer: town.abe.id), .everyonePublic] {
                    #expect(try await storage.entries(scope, page: PageRequest(limit: 10, sinceCursor: .max)).isEmpty)
                    #expect(try await storage.entries(scope, page: PageRequest(limit: 10, maxCursor: 0)).isEmpty)
                    let whole = try await storage.entries(scope, page: PageRequest(limit: 100, maxCursor: .max, sinceCursor: 0))
                    #expect(whole.map(\.item.id) == (try await storage.ids(in: scope)))
                }
            }
        }
    }
}
