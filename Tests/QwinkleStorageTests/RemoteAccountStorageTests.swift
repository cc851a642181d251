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

        @Test("A share takes its place from the entries' sequence, reaches the sharer's followers once, and goes with its Undo, its entry or its sharer", arguments: Backend.allCases)
        func shares(backend: Backend) async throws {
            try await backend.withStorage { storage in
                let abe = try await storage.createAccount(named: "abe")
                let cal = try await storage.createAccount(named: "cal")
                let bea = try await storage.storeRemoteActor(Self.actor("bea"), at: Self.now)
                try await storage.follow(abe.id, bea.id, at: Self.now)
                let older = try await storage.post(by: cal.id, body: "Older")
                let other = try await storage.post(by: cal.id, body: "Other")
                let share = { (entry: Entry, id: String) in
                    try await storage.addShare(NewShare(Share(sharer: bea.id, entry: entry.id), activityID: id, sharedAt: Self.now))
                }
                #expect(try await share(older, "https://far.example/a/1"))
                #expect(try await !share(older, "https://far.example/a/1"), "the same activity again")
                #expect(try await !share(older, "https://far.example/a/2"), "the same entry shared again by the same account")
                let newer = try await storage.post(by: cal.id, body: "Newer")

                let all = try await storage.shares(.homeOf(abe.id), page: PageRequest(limit: 20))
                #expect(all.map(\.item) == [Share(sharer: bea.id, entry: older.id)])
                let place = try #require(all.first?.cursor)
                #expect(place > (other.id.integerValue ?? .max) && place < (newer.id.integerValue ?? 0), "placed when shared, among the entries")
                #expect(try await storage.shares(.homeOf(cal.id), page: PageRequest(limit: 20)).isEmpty, "only the sharer's followers")
                #expect(try await storage.shares(.homeOf(abe.id), page: PageRequest(limit: 20, maxCursor: place)).isEmpty)
                #expect(try await storage.shares(.homeOf(abe.id), page: PageRequest(limit: 20, sinceCursor: place)).isEmpty)
                #expect(try await storage.shares(.homeOf(abe.id), page: PageRequest(limit: 20, sinceCursor: place - 1)).count == 1)

                // Undone by someone else: nothing; by the sharer: gone.
                #expect(try await !storage.removeShare(activityID: "https://far.example/a/1", sharer: abe.id))
                #expect(try await storage.removeShare(activityID: "https://far.example/a/1", sharer: bea.id))
                #expect(try await storage.shares(.homeOf(abe.id), page: PageRequest(limit: 20)).isEmpty)

                // A share leaves with its entry in the trash, and goes with its sharer.
                #expect(try await share(other, "https://far.example/a/3"))
                _ = try await storage.deleteEntry(id: other.id, at: Self.now)
                #expect(try await storage.shares(.homeOf(abe.id), page: PageRequest(limit: 20)).isEmpty)
                #expect(try await share(newer, "https://far.example/a/4"))
                _ = try await storage.deleteAccount(id: bea.id)
                #expect(try await storage.shares(.homeOf(abe.id), page: PageRequest(limit: 20)).isEmpty)
                let after = try await storage.post(by: cal.id, body: "After")
                #expect((after.id.integerValue ?? 0) > place, "no entry is given a share's place")
            }
        }

        @Test("A share of an entry that is gone is notFound on every backend, and keeps nothing", arguments: Backend.allCases)
        func shareOfAGoneEntry(backend: Backend) async throws {
            try await backend.withStorage { storage in
                let abe = try await storage.createAccount(named: "abe")
                let bea = try await storage.storeRemoteActor(Self.actor("bea"), at: Self.now)
                try await storage.follow(abe.id, bea.id, at: Self.now)
                await #expect(throws: StorageError.self) {
                    try await storage.addShare(NewShare(Share(sharer: bea.id, entry: Entry.ID(integer: 999_999)), activityID: "https://far.example/a/9", sharedAt: Self.now))
                }
                do {
                    _ = try await storage.addShare(NewShare(Share(sharer: bea.id, entry: Entry.ID(integer: 999_999)), activityID: "https://far.example/a/9", sharedAt: Self.now))
                } catch StorageError.notFound {
                } catch {
                    Issue.record("not notFound: \(error)")
                }
                #expect(try await storage.shares(.homeOf(abe.id), page: PageRequest(limit: 20)).isEmpty)
                let entry = try await storage.post(by: abe.id, body: "Here")
                #expect(try await storage.addShare(NewShare(Share(sharer: bea.id, entry: entry.id), activityID: "https://far.example/a/9", sharedAt: Self.now)),
                        "the refused share's activity was not kept")
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
