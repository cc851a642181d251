import QwinkleKit
import QwinkleStorage
import Testing

extension StorageConformance {
    @Suite("Follows and journal readers")
    struct Follows {
        @Test("Following twice, or unfollowing twice, is the same as doing it once", arguments: Backend.allCases)
        func idempotent(backend: Backend) async throws {
            try await backend.withStorage { storage in
                let abe = try await storage.createAccount(named: "abe")
                let mary = try await storage.createAccount(named: "mary")

                try await storage.follow(abe.id, mary.id, at: StorageFixtures.time(1))
                try await storage.follow(abe.id, mary.id, at: StorageFixtures.time(2))
                #expect(try await storage.isFollowing(abe.id, mary.id))
                #expect(try await !storage.isFollowing(mary.id, abe.id))
                #expect(try await storage.followers(of: mary.id, page: PageRequest(limit: 10)).map(\.item) == [abe])
                #expect(try await storage.following(of: abe.id, page: PageRequest(limit: 10)).map(\.item) == [mary])

                try await storage.unfollow(abe.id, mary.id)
                try await storage.unfollow(abe.id, mary.id)
                #expect(try await !storage.isFollowing(abe.id, mary.id))
                #expect(try await storage.followers(of: mary.id, page: PageRequest(limit: 10)).isEmpty)
            }
        }

        @Test("Following again keeps the follow's place in the lists", arguments: Backend.allCases)
        func followAgainKeepsPlace(backend: Backend) async throws {
            try await backend.withStorage { storage in
                let abe = try await storage.createAccount(named: "abe")
                let mary = try await storage.createAccount(named: "mary")
                let tad = try await storage.createAccount(named: "tad")

                try await storage.follow(abe.id, mary.id, at: StorageFixtures.time(1))
                try await storage.follow(abe.id, tad.id, at: StorageFixtures.time(2))
                try await storage.follow(abe.id, mary.id, at: StorageFixtures.time(3))
                #expect(try await storage.following(of: abe.id, page: PageRequest(limit: 10)).map(\.item) == [tad, mary])
            }
        }

        @Test("Following yourself is refused and leaves no follow behind", arguments: Backend.allCases)
        func followYourself(backend: Backend) async throws {
            try await backend.withStorage { storage in
                let abe = try await storage.createAccount(named: "abe")

                await #expect(throws: (any Error).self) { try await storage.follow(abe.id, abe.id, at: StorageFixtures.time(1)) }
                #expect(try await !storage.isFollowing(abe.id, abe.id))
                #expect(try await storage.followers(of: abe.id, page: PageRequest(limit: 10)).isEmpty)
                #expect(try await storage.relations(of: abe.id).following.isEmpty)
            }
        }

        @Test("Followers and following list the most recent follow first, a page at a time", arguments: Backend.allCases)
        func pages(backend: Backend) async throws {
            try await backend.withStorage { storage in
                let abe = try await storage.createAccount(named: "abe")
                var others: [Account] = []
                for name in ["mary", "tad", "willie", "eddie", "robert"] {
                    others.append(try await storage.createAccount(named: name))
                }
                // Followed in an order unlike the accounts' own, so the lists cannot be sorted by account.
                let order = [others[3], others[0], others[4], others[1], others[2]]
                for (second, other) in order.enumerated() {
                    try await storage.follow(other.id, abe.id, at: StorageFixtures.time(second))
                    try await storage.follow(abe.id, other.id, at: StorageFixtures.time(second))
                }

                for list in [storage.followers(of:page:), storage.following(of:page:)] {
                    let pages = try await StorageFixtures.pages(limit: 2) { try await list(abe.id, $0) }
                    #expect(pages.map(\.count) == [2, 2, 1])
                    let all = pages.flatMap(\.self)
                    #expect(all.map(\.item) == order.reversed())
                    #expect(all.map(\.cursor) == all.map(\.cursor).sorted(by: >))

                    let newer = try await list(abe.id, PageRequest(limit: 10, sinceCursor: all[3].cursor))
                    #expect(newer.map(\.item) == Array(order.reversed()[0..<3]))
                    let between = try await list(abe.id, PageRequest(limit: 10, maxCursor: all[0].cursor, sinceCursor: all[3].cursor))
                    #expect(between.map(\.item) == Array(order.reversed()[1..<3]))
                }
            }
        }

        @Test("A viewer's relations are whom they follow and whose journals they may read", arguments: Backend.allCases)
        func relations(backend: Backend) async throws {
            try await backend.withStorage { storage in
                let abe = try await storage.createAccount(named: "abe")
                let mary = try await storage.createAccount(named: "mary")
                let tad = try await storage.createAccount(named: "tad")
                try await storage.follow(abe.id, mary.id, at: StorageFixtures.time(1))
                try await storage.follow(tad.id, abe.id, at: StorageFixtures.time(2))
                try await storage.addJournalReader(owner: tad.id, reader: abe.id, at: StorageFixtures.time(3))
                try await storage.addJournalReader(owner: abe.id, reader: mary.id, at: StorageFixtures.time(4))

                #expect(try await storage.relations(of: abe.id) == ViewerRelations(following: [mary.id], journalOwners: [tad.id]))
                #expect(try await storage.relations(of: mary.id) == ViewerRelations(following: [], journalOwners: [abe.id]))
            }
        }

        @Test("Sharing a journal twice lists the reader once; readers are listed by username", arguments: Backend.allCases)
        func journalReaders(backend: Backend) async throws {
            try await backend.withStorage { storage in
                let abe = try await storage.createAccount(named: "abe")
                let willie = try await storage.createAccount(named: "willie")
                let mary = try await storage.createAccount(named: "mary")

                try await storage.addJournalReader(owner: abe.id, reader: willie.id, at: StorageFixtures.time(1))
                try await storage.addJournalReader(owner: abe.id, reader: mary.id, at: StorageFixtures.time(2))
                try await storage.addJournalReader(owner: abe.id, reader: willie.id, at: StorageFixtures.time(3))
                #expect(try await storage.journalReaders(owner: abe.id) == [mary, willie])
                #expect(try await storage.journalReaders(owner: mary.id).isEmpty)
            }
        }

        @Test("Stopping sharing a journal says whether the person was a reader", arguments: Backend.allCases)
        func removeJournalReader(backend: Backend) async throws {
            try await backend.withStorage { storage in
                let abe = try await storage.createAccount(named: "abe")
                let mary = try await storage.createAccount(named: "mary")
                try await storage.addJournalReader(owner: abe.id, reader: mary.id, at: StorageFixtures.time(1))

                #expect(try await storage.removeJournalReader(owner: abe.id, reader: mary.id, at: StorageFixtures.time(2)))
                #expect(try await !storage.removeJournalReader(owner: abe.id, reader: mary.id, at: StorageFixtures.time(2)))
                #expect(try await storage.journalReaders(owner: abe.id).isEmpty)
                #expect(try await storage.relations(of: mary.id).journalOwners.isEmpty)
            }
        }
    }
}
