import Foundation
import QwinkleKit
import QwinkleStorage
import Testing

extension StorageConformance {
    @Suite("Federation: remote followers, the delivery queue and activities taken")
    struct FederationStorage {
        static func follower(_ name: String, shared: Bool = true) -> RemoteFollower {
            RemoteFollower(
                actorURL: "https://far.example/users/\(name)", inbox: "https://far.example/users/\(name)/inbox",
                sharedInbox: shared ? "https://far.example/inbox" : nil, followActivity: "https://far.example/follows/\(name)"
            )
        }

        @Test("A remote follower is kept once per actor, replaced when it follows again, and goes with the account", arguments: Backend.allCases)
        func remoteFollowers(backend: Backend) async throws {
            try await backend.withStorage { storage in
                let abe = try await storage.createAccount(named: "abe")
                let mary = try await storage.createAccount(named: "mary")
                let now = Date(timeIntervalSince1970: 1_800_000_000)
                try await storage.addRemoteFollower(Self.follower("zed"), of: abe.id, at: now)
                try await storage.addRemoteFollower(Self.follower("amy", shared: false), of: abe.id, at: now.addingTimeInterval(1))
                var again = Self.follower("zed")
                again.followActivity = "https://far.example/follows/zed-again"
                try await storage.addRemoteFollower(again, of: abe.id, at: now.addingTimeInterval(2))
                #expect(try await storage.remoteFollowers(of: abe.id) == [again, Self.follower("amy", shared: false)])
                #expect(try await storage.remoteFollowers(of: mary.id) == [])
                #expect(try await storage.removeRemoteFollower(actorURL: again.actorURL, of: mary.id) == false)
                #expect(try await storage.removeRemoteFollower(actorURL: again.actorURL, of: abe.id) == true)
                #expect(try await storage.removeRemoteFollower(actorURL: again.actorURL, of: abe.id) == false)
                #expect(try await storage.remoteFollowers(of: abe.id) == [Self.follower("amy", shared: false)])
                await #expect(throws: StorageError.self) {
                    try await storage.addRemoteFollower(Self.follower("zed"), of: Account.ID(integer: 999_999), at: now)
                }
                try await storage.addRemoteFollower(Self.follower("amy", shared: false), of: mary.id, at: now)
                #expect(try await storage.forgetRemoteActor(Self.follower("amy").actorURL) == 2)
                #expect(try await storage.remoteFollowers(of: mary.id) == [])
                try await storage.addRemoteFollower(Self.follower("zed"), of: abe.id, at: now)
                _ = try await storage.deleteAccount(id: abe.id)
                #expect(try await storage.remoteFollowers(of: abe.id) == [])
            }
        }

        @Test("A follower on another server counts as a follower: the kept count moves with local and remote follows alike", arguments: Backend.allCases)
        func remoteFollowersCounted(backend: Backend) async throws {
            try await backend.withStorage { storage in
                let abe = try await storage.createAccount(named: "abe")
                let mary = try await storage.createAccount(named: "mary")
                let now = Date(timeIntervalSince1970: 1_800_000_000)
                func followers() async throws -> Int { try await storage.counts(of: [abe.id])[abe.id]?.followers ?? -1 }
                try await storage.follow(mary.id, abe.id, at: now)
                try await storage.addRemoteFollower(Self.follower("zed"), of: abe.id, at: now)
                try await storage.addRemoteFollower(Self.follower("amy"), of: abe.id, at: now)
                #expect(try await followers() == 3)
                // Following again replaces the row; it is still one follower.
                try await storage.addRemoteFollower(Self.follower("zed"), of: abe.id, at: now.addingTimeInterval(1))
                #expect(try await followers() == 3)
                #expect(try await storage.removeRemoteFollower(actorURL: Self.follower("zed").actorURL, of: abe.id))
                #expect(try await followers() == 2)
                #expect(try await storage.forgetRemoteActor(Self.follower("amy").actorURL) == 1)
                try await storage.unfollow(mary.id, abe.id)
                #expect(try await followers() == 0)
            }
        }

        @Test("A queued delivery is taken by one taker at a time, goes again once its hold ends, and leaves when finished", arguments: Backend.allCases)
        func queue(backend: Backend) async throws {
            try await backend.withStorage { storage in
                let abe = try await storage.createAccount(named: "abe")
                let now = Date(timeIntervalSince1970: 1_800_000_000)
                // Two activities, the first for three inboxes (kept once, and until its last delivery leaves).
                let queued = (1...5).map { NewDelivery(inbox: "https://far\($0).example/inbox", signer: abe.id, activity: #"{"n":\#($0 / 4)}"#) }
                try await storage.enqueueDeliveries(queued, at: now)
                #expect(try await storage.queuedDeliveryCount() == 5)

                let first = try await storage.takeDueDeliveries(limit: 3, at: now, heldUntil: now.addingTimeInterval(60))
                #expect(first.map(\.delivery) == Array(queued[0..<3]))
                #expect(first.allSatisfy { $0.failedAttempts == 0 && $0.queuedAt == now })
                // Held ones are not taken again while held: the next taker gets the rest.
                let second = try await storage.takeDueDeliveries(limit: 10, at: now.addingTimeInterval(1), heldUntil: now.addingTimeInterval(61))
                #expect(second.map(\.delivery) == Array(queued[3...]))
                #expect(try await storage.takeDueDeliveries(limit: 10, at: now.addingTimeInterval(2), heldUntil: now.addingTimeInterval(62)).isEmpty)

                try await storage.finishDelivery(id: first[0].id)
                try await storage.retryDelivery(id: first[1].id, at: now.addingTimeInterval(600))
                #expect(try await storage.queuedDeliveryCount() == 4)
                // A taker that stopped mid-send (its hold ran out) leaves its deliveries to the next; a retried one
                // waits until it is due.
                let afterHold = try await storage.takeDueDeliveries(limit: 10, at: now.addingTimeInterval(70), heldUntil: now.addingTimeInterval(900))
                #expect(afterHold.map(\.id) == [first[2].id] + second.map(\.id))
                #expect(afterHold.map(\.delivery) == [queued[2]] + queued[3...])
                let retried = try await storage.takeDueDeliveries(limit: 10, at: now.addingTimeInterval(600), heldUntil: now.addingTimeInterval(660))
                #expect(retried.map(\.id) == [first[1].id])
                #expect(retried.map(\.delivery) == [queued[1]])
                #expect(retried.first?.failedAttempts == 1)

                try await storage.enqueueDeliveries([], at: now)
                _ = try await storage.deleteAccount(id: abe.id)
                #expect(try await storage.queuedDeliveryCount() == 0)
            }
        }

        @Test("A deleted account's farewells outlive it, with the key they are signed by; its other deliveries go with it", arguments: Backend.allCases)
        func farewells(backend: Backend) async throws {
            try await backend.withStorage { storage in
                let abe = try await storage.createAccount(named: "abe")
                let now = Date(timeIntervalSince1970: 1_800_000_000)
                try await storage.enqueueDeliveries([NewDelivery(inbox: "https://far.example/inbox", signer: abe.id, activity: #"{"type":"Create"}"#)], at: now)
                let signer = DeliverySigner.carried(keyID: "https://qwinkle.example/people/abe#main-key", privateKeyPEM: "-----BEGIN PRIVATE KEY-----")
                let farewells = ["https://far.example/inbox", "https://near.example/inbox"].map {
                    NewDelivery(inbox: $0, signer: signer, activity: #"{"type":"Delete"}"#)
                }
                #expect(try await storage.deleteAccount(id: abe.id, farewells: farewells, at: now) != nil)
                let taken = try await storage.takeDueDeliveries(limit: 10, at: now, heldUntil: now.addingTimeInterval(60))
                #expect(taken.map(\.delivery) == farewells, "the farewells alone, each with the departed key")
                // Deleting an unknown account queues nothing.
                #expect(try await storage.deleteAccount(id: abe.id, farewells: farewells, at: now) == nil)
                #expect(try await storage.queuedDeliveryCount() == 2)
            }
        }

        @Test("A server failing deliveries is dead once it has failed long enough, until its probe; an answer forgets it", arguments: Backend.allCases)
        func unreachableHosts(backend: Backend) async throws {
            try await backend.withStorage { storage in
                let now = Date(timeIntervalSince1970: 1_800_000_000)
                let day: TimeInterval = 86_400
                #expect(try await storage.unreachableHosts(among: ["far.example"]).isEmpty)
                try await storage.hostFailed("far.example", at: now, deadSince: now.addingTimeInterval(-2 * day), nextProbe: now.addingTimeInterval(day))
                try await storage.hostFailed("near.example", at: now, deadSince: now.addingTimeInterval(-2 * day), nextProbe: now.addingTimeInterval(day))
                #expect(try await storage.unreachableHosts(among: ["far.example"]) == ["far.example": UnreachableHost(failingSince: now, nextProbe: nil)])
                // Failing again within two days: failing, not dead; the failures' start stays.
                let later = now.addingTimeInterval(day)
                try await storage.hostFailed("far.example", at: later, deadSince: later.addingTimeInterval(-2 * day), nextProbe: later.addingTimeInterval(day))
                #expect(try await storage.unreachableHosts(among: ["far.example"])["far.example"] == UnreachableHost(failingSince: now, nextProbe: nil))
                // Failing still after two days: dead until the probe a day on.
                let dead = now.addingTimeInterval(2 * day + 1)
                try await storage.hostFailed("far.example", at: dead, deadSince: dead.addingTimeInterval(-2 * day), nextProbe: dead.addingTimeInterval(day))
                let state = try #require(try await storage.unreachableHosts(among: ["far.example", "other.example"])["far.example"])
                #expect(state == UnreachableHost(failingSince: now, nextProbe: dead.addingTimeInterval(day)))
                #expect(state.isDead(at: dead) && !state.isDead(at: dead.addingTimeInterval(day + 1)))
                try await storage.hostAnswered("far.example")
                #expect(try await storage.unreachableHosts(among: ["far.example", "near.example"]).keys.sorted() == ["near.example"])
            }
        }

        @Test("An activity is recorded as taken once", arguments: Backend.allCases)
        func receivedOnce(backend: Backend) async throws {
            try await backend.withStorage { storage async throws in
                let now = Date(timeIntervalSince1970: 1_800_000_000)
                #expect(try await storage.recordReceivedActivity(id: "https://far.example/activities/1", at: now) == true)
                #expect(try await storage.recordReceivedActivity(id: "https://far.example/activities/1", at: now) == false)
                #expect(try await storage.recordReceivedActivity(id: "https://far.example/activities/2", at: now) == true)
            }
        }

        @Test("The server's keys are made once", arguments: Backend.allCases)
        func serverKeys(backend: Backend) async throws {
            try await backend.withStorage { storage async throws in
                #expect(try await storage.serverKeys() == nil)
                #expect(try await storage.storeServerKeys(ActorKeyStorage.first) == ActorKeyStorage.first)
                #expect(try await storage.storeServerKeys(ActorKeyStorage.second) == ActorKeyStorage.first)
                #expect(try await storage.serverKeys() == ActorKeyStorage.first)
            }
        }
    }
}

extension StorageConformance.FederationStorage {
    @Test("Blocking a domain ends its and its subdomains' follows and queued deliveries, and nobody else's", arguments: Backend.allCases)
    func blocks(backend: Backend) async throws {
        try await backend.withStorage { storage in
            let abe = try await storage.createAccount(named: "abe")
            let now = Date(timeIntervalSince1970: 1_800_000_000)
            func follower(_ host: String) -> RemoteFollower {
                RemoteFollower(actorURL: "https://\(host)/users/zed", inbox: "https://\(host)/inbox", sharedInbox: nil, followActivity: "https://\(host)/f/1")
            }
            for host in ["bad.example", "sub.bad.example", "notbad.example", "bad_example.org", "good.example"] {
                try await storage.addRemoteFollower(follower(host), of: abe.id, at: now)
            }
            try await storage.enqueueDeliveries(
                ["https://bad.example:8443/inbox", "https://sub.bad.example/inbox", "https://good.example/inbox", "https://badxexample.org/inbox"].map {
                    NewDelivery(inbox: $0, signer: abe.id, activity: "{}")
                },
                at: now
            )
            #expect(try await storage.blockDomain("bad.example", at: now) == true)
            #expect(try await storage.blockDomain("bad.example", at: now) == false)
            #expect(try await storage.blockDomain("bad_example.org", at: now) == true)
            #expect(try await storage.remoteFollowers(of: abe.id).map(\.actorURL) == ["https://good.example/users/zed", "https://notbad.example/users/zed"])
            let left = try await storage.takeDueDeliveries(limit: 10, at: now, heldUntil: now.addingTimeInterval(60))
            // `_` in a blocked domain is that character, not any one.
            #expect(left.map(\.delivery.inbox) == ["https://good.example/inbox", "https://badxexample.org/inbox"])
            #expect(try await storage.blockedDomains().map(\.domain) == ["bad.example", "bad_example.org"])
            #expect(try await storage.isAnyDomainBlocked(RemoteHost.domains(of: "deep.sub.bad.example")) == true)
            #expect(try await storage.isAnyDomainBlocked(RemoteHost.domains(of: "notbad.example")) == false)
            #expect(try await storage.unblockDomain("bad.example") == true)
            #expect(try await storage.unblockDomain("bad.example") == false)
            #expect(try await storage.isAnyDomainBlocked(RemoteHost.domains(of: "sub.bad.example")) == false)
        }
    }
}
