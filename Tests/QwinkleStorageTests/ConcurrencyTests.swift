import QwinkleKit
import QwinkleStorage
import Testing

extension StorageConformance {
    @Suite("Concurrent requests")
    struct Concurrency {
        @Test("Fifty retries of one post at once, with one idempotency key, make exactly one entry", arguments: Backend.allCases)
        func concurrentIdempotentPosts(backend: Backend) async throws {
            try await backend.withStorage { storage in
                let abe = try await storage.createAccount(named: "abe")
                let key = IdempotencyKey(key: "retried", since: StorageFixtures.time(0))

                let ids = try await StorageFixtures.concurrently(50) { attempt in
                    try await storage.post(by: abe.id, body: "Attempt \(attempt)", at: StorageFixtures.time(1), key: key).entry.id
                }
                #expect(Set(ids).count == 1)
                #expect(try await storage.ids(in: .author(abe.id, viewer: abe.id)) == Array(Set(ids)))
            }
        }

        @Test(
            "Of sixty posts sent at once, those whose photo does not exist fail alone and leave nothing behind, and every other one is stored whole",
            arguments: Backend.allCases
        )
        func concurrentPostsFailAlone(backend: Backend) async throws {
            try await backend.withStorage { storage in
                let abe = try await storage.createAccount(named: "abe")
                let photo = try await storage.uploadPhoto(by: abe.id)
                let missing = AttachedPhoto(id: StorageFixtures.unknownID(), alt: "")

                // The missing photo is refused only after the entry's own row is written: a failure must undo that too.
                let outcomes = try await StorageFixtures.concurrently(60) { number -> (Int, Entry?) in
                    let photos = number.isMultiple(of: 4) ? [missing] : [AttachedPhoto(id: photo.id, alt: "Post \(number)")]
                    let entry = try? await storage.post(by: abe.id, body: "Post \(number)", photos: photos, at: StorageFixtures.time(number))
                    return (number, entry)
                }
                let stored = outcomes.compactMap { number, entry in entry.map { (number, $0) } }
                #expect(outcomes.filter { $0.1 == nil }.map(\.0).sorted() == Array(stride(from: 0, to: 60, by: 4)))
                #expect(stored.allSatisfy { number, entry in entry.body == "Post \(number)" && entry.photos.map(\.alt) == ["Post \(number)"] })
                let listed = try await storage.ids(in: .author(abe.id, viewer: abe.id))
                #expect(Set(listed) == Set(stored.map(\.1.id)) && listed.count == 45)
                for (_, entry) in stored {
                    #expect(try await storage.entry(id: entry.id) == entry)
                    #expect(try await storage.revisions(of: entry.id) == [entry])
                }
            }
        }

        @Test("Twenty first messages sent at once between two people start one conversation", arguments: Backend.allCases)
        func concurrentFirstMessages(backend: Backend) async throws {
            try await backend.withStorage { storage in
                let abe = try await storage.createAccount(named: "abe")
                let mary = try await storage.createAccount(named: "mary")

                let conversations = try await StorageFixtures.concurrently(20) { number in
                    let (sender, recipient) = number.isMultiple(of: 2) ? (abe, mary) : (mary, abe)
                    return try await storage.send(from: sender.id, to: [recipient.id], at: StorageFixtures.time(number)).conversation.id
                }
                #expect(Set(conversations).count == 1)
                let conversation = try #require(conversations.first)
                #expect(try await storage.messages(in: conversation, page: PageRequest(limit: 100)).count == 20)
            }
        }

        @Test("Fifty follows of the same person at once leave one follow", arguments: Backend.allCases)
        func concurrentFollows(backend: Backend) async throws {
            try await backend.withStorage { storage in
                let abe = try await storage.createAccount(named: "abe")
                let mary = try await storage.createAccount(named: "mary")

                _ = try await StorageFixtures.concurrently(50) { second in
                    try await storage.follow(abe.id, mary.id, at: StorageFixtures.time(second))
                }
                #expect(try await storage.followers(of: mary.id, page: PageRequest(limit: 100)).map(\.item) == [abe])
                #expect(try await storage.following(of: abe.id, page: PageRequest(limit: 100)).map(\.item) == [mary])
            }
        }
    }
}
