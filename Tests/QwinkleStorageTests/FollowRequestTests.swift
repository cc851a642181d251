import Foundation
import QwinkleKit
import QwinkleStorage
import Testing

extension StorageConformance {
    @Suite("Follow requests")
    struct FollowRequests {
        @Test("A request tells its target once; approving makes the follow and tells them of a follower; refusing leaves nothing", arguments: Backend.allCases)
        func approveAndRefuse(backend: Backend) async throws {
            try await backend.withStorage { storage in
                let abe = try await storage.createAccount(named: "abe")
                let mary = try await storage.createAccount(named: "mary")
                let tad = try await storage.createAccount(named: "tad")
                _ = try await storage.updateProfile(of: abe.id, ProfileChanges(locked: true))
                #expect(try await storage.account(id: abe.id)?.locked == true)

                #expect(try await storage.requestFollow(mary.id, abe.id, remote: nil, at: StorageFixtures.time(1)))
                #expect(try await !storage.requestFollow(mary.id, abe.id, remote: nil, at: StorageFixtures.time(2)), "asking again is asking once")
                #expect(try await storage.requestFollow(tad.id, abe.id, remote: nil, at: StorageFixtures.time(3)))
                #expect(try await storage.pairFacts(of: mary.id, with: abe.id, at: StorageFixtures.time(3)) == PairFacts(requested: true))
                #expect(try await storage.pairFacts(of: abe.id, with: mary.id, at: StorageFixtures.time(3)) == PairFacts(requestedBy: true))
                #expect(try await !storage.isFollowing(mary.id, abe.id), "a request is no follow")
                #expect(try await storage.followRequests(to: abe.id, page: PageRequest(limit: 10)).map(\.item.requester) == [tad, mary])
                #expect(try await storage.notifications(of: abe.id, page: PageRequest(limit: 10)).map(\.kind) == [.followRequested, .followRequested])

                let approved = try await storage.approveFollowRequest(mary.id, abe.id, at: StorageFixtures.time(4))
                #expect(approved?.requester == mary && approved?.remote == nil)
                #expect(try await storage.isFollowing(mary.id, abe.id))
                #expect(try await storage.pairFacts(of: abe.id, with: mary.id, at: StorageFixtures.time(4)) == PairFacts(followedBy: true))
                #expect(try await storage.notifications(of: abe.id, page: PageRequest(limit: 10)).first?.kind == .followed)
                #expect(try await storage.approveFollowRequest(mary.id, abe.id, at: StorageFixtures.time(5)) == nil, "approved once")

                #expect(try await storage.removeFollowRequest(tad.id, abe.id)?.requester == tad)
                #expect(try await storage.removeFollowRequest(tad.id, abe.id) == nil)
                #expect(try await !storage.isFollowing(tad.id, abe.id))
                #expect(try await storage.followRequests(to: abe.id, page: PageRequest(limit: 10)).isEmpty)
            }
        }

        @Test("A request from elsewhere keeps where its answer goes; approved, its requester is a follower there; a block ends a request", arguments: Backend.allCases)
        func remoteAndBlocked(backend: Backend) async throws {
            try await backend.withStorage { storage in
                let abe = try await storage.createAccount(named: "abe")
                let mary = try await storage.createAccount(named: "mary")
                let bea = try await storage.storeRemoteActor(RemoteAccountStorage.actor("bea"), at: StorageFixtures.time(0))
                let follow = RemoteFollower(
                    actorURL: "https://far.example/users/bea", inbox: "https://far.example/users/bea/inbox", sharedInbox: "https://far.example/inbox",
                    followActivity: "https://far.example/follows/1"
                )
                #expect(try await storage.requestFollow(bea.id, abe.id, remote: follow, at: StorageFixtures.time(1)))
                var again = follow
                again.followActivity = "https://far.example/follows/2"
                #expect(try await !storage.requestFollow(bea.id, abe.id, remote: again, at: StorageFixtures.time(2)))
                #expect(try await storage.followRequests(to: abe.id, page: PageRequest(limit: 10)).map(\.item.remote) == [again], "the latest Follow is answered")
                let approved = try await storage.approveFollowRequest(bea.id, abe.id, at: StorageFixtures.time(3))
                #expect(approved?.remote == again)
                #expect(try await storage.remoteFollowers(of: abe.id) == [again])
                #expect(try await !storage.isFollowing(bea.id, abe.id), "someone elsewhere follows through their server, not as a follow here")

                _ = try await storage.requestFollow(mary.id, abe.id, remote: nil, at: StorageFixtures.time(4))
                _ = try await storage.block(mary.id, by: abe.id, at: StorageFixtures.time(5))
                #expect(try await !storage.pairFacts(of: abe.id, with: mary.id, at: StorageFixtures.time(5)).requestedBy, "a block ends the request")
            }
        }
    }
}
