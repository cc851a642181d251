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
