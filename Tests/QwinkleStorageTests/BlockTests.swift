import Foundation
import QwinkleKit
import QwinkleStorage
import Testing

extension StorageConformance {
    @Suite("Blocks and mutes")
    struct Blocks {
        @Test("A block ends follows and journal grants both ways, here and from elsewhere, and is in both sides' relations", arguments: Backend.allCases)
        func blockEndsEverything(backend: Backend) async throws {
            try await backend.withStorage { storage in
                let abe = try await storage.createAccount(named: "abe")
                let mary = try await storage.createAccount(named: "mary")
                let tad = try await storage.createAccount(named: "tad")
                let bea = try await storage.storeRemoteActor(RemoteAccountStorage.actor("bea"), at: StorageFixtures.time(0))
                try await storage.follow(abe.id, mary.id, at: StorageFixtures.time(1))
                try await storage.follow(mary.id, abe.id, at: StorageFixtures.time(2))
                try await storage.follow(tad.id, mary.id, at: StorageFixtures.time(3))
                try await storage.addJournalReader(owner: abe.id, reader: mary.id, at: StorageFixtures.time(4))
                try await storage.addJournalReader(owner: mary.id, reader: abe.id, at: StorageFixtures.time(5))
                try await storage.follow(mary.id, bea.id, at: StorageFixtures.time(6))
                let beaFollows = RemoteFollower(
                    actorURL: "https://far.example/users/bea", inbox: "https://far.example/users/bea/inbox", sharedInbox: nil,
                    followActivity: "https://far.example/follows/1"
                )
                try await storage.addRemoteFollower(beaFollows, of: mary.id, at: StorageFixtures.time(7))

                #expect(try await storage.block(abe.id, by: mary.id, at: StorageFixtures.time(8)))
                #expect(try await !storage.block(abe.id, by: mary.id, at: StorageFixtures.time(9)), "blocking twice is blocking once")
                #expect(try await storage.block(mary.id, by: bea.id, at: StorageFixtures.time(10)), "a person elsewhere blocks too")

                #expect(try await !storage.isFollowing(abe.id, mary.id))
                #expect(try await !storage.isFollowing(mary.id, abe.id))
                #expect(try await storage.isFollowing(tad.id, mary.id), "nobody else's follow ends")
                #expect(try await storage.journalReaders(owner: abe.id).isEmpty)
                #expect(try await storage.journalReaders(owner: mary.id).isEmpty)
                #expect(try await !storage.isFollowing(mary.id, bea.id))
                #expect(try await storage.remoteFollowers(of: mary.id).isEmpty)

                let maryRelations = try await storage.relations(of: mary.id, at: StorageFixtures.time(11))
                #expect(maryRelations.blocking == [abe.id])
                #expect(maryRelations.blockedBy == [bea.id])
                #expect(maryRelations.following.isEmpty && maryRelations.journalOwners.isEmpty)
                #expect(try await storage.relations(of: abe.id).blockedBy == [mary.id])
                #expect(try await storage.relations(of: tad.id).isBlocked(mary.id) == false)
                #expect(try await storage.blocks(by: mary.id, page: PageRequest(limit: 10)).map(\.item) == [abe])

                #expect(try await storage.unblock(abe.id, by: mary.id))
                #expect(try await !storage.unblock(abe.id, by: mary.id))
                #expect(try await storage.relations(of: mary.id).blocking.isEmpty)
                #expect(try await !storage.isFollowing(abe.id, mary.id), "what the block ended stays ended")
            }
        }

        @Test("The blocks list pages most recent first", arguments: Backend.allCases)
        func blockPages(backend: Backend) async throws {
            try await backend.withStorage { storage in
                let abe = try await storage.createAccount(named: "abe")
                var others: [Account] = []
                for (index, name) in ["mary", "tad", "willie"].enumerated() {
                    let other = try await storage.createAccount(named: name)
                    others.append(other)
                    _ = try await storage.block(other.id, by: abe.id, at: StorageFixtures.time(index))
                }
                let first = try await storage.blocks(by: abe.id, page: PageRequest(limit: 2))
                #expect(first.map(\.item) == [others[2], others[1]])
                let rest = try await storage.blocks(by: abe.id, page: PageRequest(limit: 2, maxCursor: first.last?.cursor))
                #expect(rest.map(\.item) == [others[0]])
            }
        }

        @Test("Blocking yourself is refused and leaves nothing behind", arguments: Backend.allCases)
        func blockYourself(backend: Backend) async throws {
            try await backend.withStorage { storage in
                let abe = try await storage.createAccount(named: "abe")
                await #expect(throws: (any Error).self) { _ = try await storage.block(abe.id, by: abe.id, at: StorageFixtures.time(1)) }
                #expect(try await storage.relations(of: abe.id).blocking.isEmpty)
            }
        }

        @Test("A private note is its writer's alone, replaced by the next, and gone when emptied or either account is", arguments: Backend.allCases)
        func notes(backend: Backend) async throws {
            try await backend.withStorage { storage in
                let abe = try await storage.createAccount(named: "abe")
                let mary = try await storage.createAccount(named: "mary")
                try await storage.setNote("Met at the harbour café", on: mary.id, by: abe.id, at: StorageFixtures.time(1))
                #expect(try await storage.pairFacts(of: abe.id, with: mary.id, at: StorageFixtures.time(2)).note == "Met at the harbour café")
                #expect(try await storage.pairFacts(of: mary.id, with: abe.id, at: StorageFixtures.time(2)).note == "", "Mary sees none")
                try await storage.setNote("Likes owls", on: mary.id, by: abe.id, at: StorageFixtures.time(3))
                #expect(try await storage.pairFacts(of: abe.id, with: mary.id, at: StorageFixtures.time(4)).note == "Likes owls")
                try await storage.setNote("", on: mary.id, by: abe.id, at: StorageFixtures.time(5))
                #expect(try await storage.pairFacts(of: abe.id, with: mary.id, at: StorageFixtures.time(6)).note == "")
                try await storage.setNote("Again", on: mary.id, by: abe.id, at: StorageFixtures.time(7))
                _ = try await storage.deleteAccount(id: mary.id)
                #expect(try await storage.pairFacts(of: abe.id, with: mary.id, at: StorageFixtures.time(8)).note == "")
            }
        }

        @Test("A mute holds until it expires, is replaced by muting again, and is listed only while it holds", arguments: Backend.allCases)
        func mutes(backend: Backend) async throws {
            try await backend.withStorage { storage in
                let abe = try await storage.createAccount(named: "abe")
                let mary = try await storage.createAccount(named: "mary")
                let tad = try await storage.createAccount(named: "tad")
                try await storage.follow(abe.id, mary.id, at: StorageFixtures.time(1))
                try await storage.mute(mary.id, by: abe.id, Mute(notifications: true), at: StorageFixtures.time(2))
                try await storage.mute(tad.id, by: abe.id, Mute(notifications: false, expiresAt: StorageFixtures.time(100)), at: StorageFixtures.time(3))

                let during = try await storage.relations(of: abe.id, at: StorageFixtures.time(50))
                #expect(during.muting == [mary.id: true, tad.id: false])
                #expect(during.following == [mary.id], "a mute ends no follow")
                #expect(try await storage.relations(of: mary.id, at: StorageFixtures.time(50)).muting.isEmpty, "the muted person's relations show nothing")
                #expect(
                    try await storage.mutes(by: abe.id, page: PageRequest(limit: 10), at: StorageFixtures.time(50)).map(\.item)
                        == [MutedAccount(account: tad, mute: Mute(notifications: false, expiresAt: StorageFixtures.time(100))), MutedAccount(account: mary, mute: Mute())]
                )
                #expect(try await storage.pairFacts(of: abe.id, with: tad.id, at: StorageFixtures.time(50)).mute == Mute(notifications: false, expiresAt: StorageFixtures.time(100)))

                let after = try await storage.relations(of: abe.id, at: StorageFixtures.time(100))
                #expect(after.muting == [mary.id: true], "an expired mute holds no more")
                #expect(try await storage.mutes(by: abe.id, page: PageRequest(limit: 10), at: StorageFixtures.time(100)).map(\.item.account) == [mary])
                #expect(try await storage.pairFacts(of: abe.id, with: tad.id, at: StorageFixtures.time(100)).mute == nil)
                #expect(try await !storage.unmute(tad.id, by: abe.id, at: StorageFixtures.time(100)), "an expired mute counts as none")

                try await storage.mute(mary.id, by: abe.id, Mute(notifications: false), at: StorageFixtures.time(101))
                #expect(try await storage.relations(of: abe.id, at: StorageFixtures.time(102)).muting == [mary.id: false], "muting again replaces")
                #expect(try await storage.unmute(mary.id, by: abe.id, at: StorageFixtures.time(103)))
                #expect(try await storage.relations(of: abe.id, at: StorageFixtures.time(104)).muting.isEmpty)
            }
        }

        @Test("Blocks and mutes go with either account", arguments: Backend.allCases)
        func goWithAccount(backend: Backend) async throws {
            try await backend.withStorage { storage in
                let abe = try await storage.createAccount(named: "abe")
                let mary = try await storage.createAccount(named: "mary")
                _ = try await storage.block(abe.id, by: mary.id, at: StorageFixtures.time(1))
                try await storage.mute(mary.id, by: abe.id, Mute(), at: StorageFixtures.time(2))
                _ = try await storage.deleteAccount(id: abe.id)
                #expect(try await storage.blocks(by: mary.id, page: PageRequest(limit: 10)).isEmpty)
                #expect(try await storage.relations(of: mary.id) == ViewerRelations())
            }
        }

        @Test("A person's block of a server covers its subdomains' people, ends their follows of the person, and is theirs alone", arguments: Backend.allCases)
        func domainBlocks(backend: Backend) async throws {
            try await backend.withStorage { storage in
                let abe = try await storage.createAccount(named: "abe")
                let mary = try await storage.createAccount(named: "mary")
                let bea = try await storage.storeRemoteActor(RemoteAccountStorage.actor("bea", host: "far.example"), at: StorageFixtures.time(0))
                let cy = try await storage.storeRemoteActor(RemoteAccountStorage.actor("cy", host: "sub.far.example"), at: StorageFixtures.time(0))
                let dee = try await storage.storeRemoteActor(RemoteAccountStorage.actor("dee", host: "notfar.example"), at: StorageFixtures.time(0))
                let beaFollows = RemoteFollower(
                    actorURL: "https://far.example/users/bea", inbox: "https://far.example/users/bea/inbox", sharedInbox: nil,
                    followActivity: "https://far.example/follows/1"
                )
                try await storage.addRemoteFollower(beaFollows, of: abe.id, at: StorageFixtures.time(1))
                try await storage.addRemoteFollower(beaFollows, of: mary.id, at: StorageFixtures.time(1))

                #expect(try await storage.blockDomain("far.example", by: abe.id, at: StorageFixtures.time(2)))
                #expect(try await !storage.blockDomain("far.example", by: abe.id, at: StorageFixtures.time(3)))
                #expect(try await storage.relations(of: abe.id).domainBlocked == [bea.id, cy.id], "the domain and its subdomains, not a lookalike")
                #expect(try await storage.relations(of: mary.id).domainBlocked.isEmpty)
                #expect(try await storage.remoteFollowers(of: abe.id).isEmpty)
                #expect(try await storage.remoteFollowers(of: mary.id).count == 1, "another person's followers there stay")
                _ = try await storage.blockDomain("other.example", by: abe.id, at: StorageFixtures.time(4))
                #expect(try await storage.domainBlocks(by: abe.id, page: PageRequest(limit: 10)).map(\.item) == ["other.example", "far.example"])
                #expect(try await storage.unblockDomain("far.example", by: abe.id))
                #expect(try await !storage.unblockDomain("far.example", by: abe.id))
                #expect(try await storage.relations(of: abe.id).domainBlocked.isEmpty)
                _ = dee
            }
        }
    }
}
