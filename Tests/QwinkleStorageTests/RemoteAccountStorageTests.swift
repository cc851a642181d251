import Foundation
import QwinkleKit
import QwinkleStorage
import Testing

extension StorageConformance {
    @Suite("Federation: people and notes of other servers")
    struct RemoteAccountStorage {
        static let now = Date(timeIntervalSince1970: 1_800_000_000)

        static func actor(_ name: String, host: String = "far.example") -> RemoteActor {
            RemoteActor(
                actorURL: "https://\(host)/users/\(name)", handle: "\(name)@\(host)", displayName: name.capitalized, bio: "From afar.",
                inbox: "https://\(host)/users/\(name)/inbox", sharedInbox: "https://\(host)/inbox", profileURL: "https://\(host)/@\(name)"
            )
        }

        @Test("An actor is kept once as an account named by its handle, refreshed in place, and signs nobody in", arguments: Backend.allCases)
        func actors(backend: Backend) async throws {
            try await backend.withStorage { storage in
                let abe = try await storage.createAccount(named: "abe")
                let bea = try await storage.storeRemoteActor(Self.actor("bea"), at: Self.now)
                #expect(bea.username == "bea@far.example")
                #expect(bea.host == "far.example")
                #expect(!bea.isLocal && abe.isLocal)
                #expect(bea.displayName == "Bea" && bea.bio == "From afar.")
                #expect(try await storage.remoteAccount(actorURL: Self.actor("bea").actorURL) == bea)
                #expect(try await storage.account(username: "bea@far.example") == bea)
                #expect(try await storage.remoteActor(of: bea.id) == Self.actor("bea"))
                #expect(try await storage.remoteActor(of: abe.id) == nil)

                // Fetched again: what it shows and where it takes deliveries change; its handle and ID do not.
                var moved = Self.actor("bea")
                moved.displayName = "Bea B."
                moved.inbox = "https://far.example/users/bea/inbox2"
                moved.sharedInbox = nil
                let again = try await storage.storeRemoteActor(moved, at: Self.now.addingTimeInterval(60))
                #expect(again.id == bea.id && again.username == bea.username && again.displayName == "Bea B.")
                #expect(try await storage.remoteActor(of: bea.id)?.deliveryInbox == "https://far.example/users/bea/inbox2")

                // Another actor cannot take a handle someone holds.
                var impostor = Self.actor("bea")
                impostor.actorURL = "https://far.example/users/someone-else"
                await #expect(throws: StorageError.usernameTaken("bea@far.example")) {
                    try await storage.storeRemoteActor(impostor, at: Self.now)
                }
                #expect(try await storage.remoteAccount(actorURL: impostor.actorURL) == nil)
                // No email, no password: nothing to sign in with.
                #expect(try await storage.credentials(username: "bea@far.example")?.passwordHash == "")
            }
        }

        @Test("A note is kept once per object ID, in its followers' home timelines, and followed by people here only", arguments: Backend.allCases)
        func notes(backend: Backend) async throws {
            try await backend.withStorage { storage in
                let abe = try await storage.createAccount(named: "abe")
                let cal = try await storage.createAccount(named: "cal")
                let bea = try await storage.storeRemoteActor(Self.actor("bea"), at: Self.now)
                let zed = try await storage.storeRemoteActor(Self.actor("zed"), at: Self.now)
                #expect(try await storage.hasLocalFollowers(bea.id) == false)
                // A follow by another remote account does not count: only people here read notes kept here.
                try await storage.follow(zed.id, bea.id, at: Self.now)
                #expect(try await storage.hasLocalFollowers(bea.id) == false)
                try await storage.follow(abe.id, bea.id, at: Self.now)
                #expect(try await storage.hasLocalFollowers(bea.id) == true)

                let objectID = "https://far.example/users/bea/statuses/1"
                let new = NewEntry(author: bea.id, content: EntryContent(kind: .update, body: "Hello from afar", visibility: .public), createdAt: Self.now)
                guard case .created(let entry) = try await storage.createRemoteEntry(objectID: objectID, new) else {
                    Issue.record("the first delivery of a note makes an entry")
                    return
                }
                #expect(try await storage.createRemoteEntry(objectID: objectID, new) == .replayed(entry))
                #expect(try await storage.entryID(objectID: objectID) == entry.id)
                #expect(try await storage.objectID(of: entry.id) == objectID)
                #expect(try await storage.entryID(objectID: "https://far.example/users/bea/statuses/2") == nil)

                let home = try await storage.entries(.home(viewer: abe.id), page: PageRequest(limit: 20)).map(\.item.id)
                #expect(home == [entry.id])
                #expect(try await storage.entries(.home(viewer: cal.id), page: PageRequest(limit: 20)).isEmpty)

                // A local entry has no object ID of another server.
                let own = try await storage.createEntry(
                    NewEntry(author: abe.id, content: EntryContent(kind: .update, body: "Mine", visibility: .public), createdAt: Self.now), idempotencyKey: nil
                ).entry
                #expect(try await storage.objectID(of: own.id) == nil)
            }
        }

        @Test("Blocking a domain ends the follows of its people here, so their notes leave home timelines", arguments: Backend.allCases)
        func blocks(backend: Backend) async throws {
            try await backend.withStorage { storage in
                let abe = try await storage.createAccount(named: "abe")
                let bad = try await storage.storeRemoteActor(Self.actor("bad", host: "sub.bad.example"), at: Self.now)
                let good = try await storage.storeRemoteActor(Self.actor("good", host: "good.example"), at: Self.now)
                try await storage.follow(abe.id, bad.id, at: Self.now)
                try await storage.follow(abe.id, good.id, at: Self.now)
                _ = try await storage.blockDomain("bad.example", at: Self.now)
                #expect(try await storage.isFollowing(abe.id, bad.id) == false)
                #expect(try await storage.isFollowing(abe.id, good.id) == true)
            }
        }
    }
}
