import QwinkleKit
import QwinkleStorage
import Testing

extension StorageConformance {
    @Suite("Entries")
    struct Entries {
        @Test("A new entry is at revision 1, never edited, and reads back as it was created", arguments: Backend.allCases)
        func createAndReadBack(backend: Backend) async throws {
            try await backend.withStorage { storage in
                let abe = try await storage.createAccount(named: "abe")
                let first = try await storage.uploadPhoto(by: abe.id)
                let second = try await storage.uploadPhoto(by: abe.id)
                let photos = [AttachedPhoto(id: second.id, alt: "A pink unicorn"), AttachedPhoto(id: first.id, alt: "")]
                let new = StorageFixtures.newEntry(
                    by: abe.id, .followers, kind: .dream(try StorageFixtures.dream()), body: "Three unicorns in the rain",
                    photos: photos, at: StorageFixtures.time(1)
                )

                let creation = try await storage.createEntry(new, idempotencyKey: nil)
                let entry = try #require(creation.created, "expected a new entry")
                #expect(entry == Entry(
                    id: entry.id, author: abe.id, kind: .dream(try StorageFixtures.dream()), body: "Three unicorns in the rain",
                    photos: photos, visibility: .followers, revision: 1, createdAt: entry.createdAt, editedAt: nil
                ))
                #expect(entry.createdAt.isSameMillisecond(as: StorageFixtures.time(1)))
                #expect(try await storage.entry(id: entry.id) == entry)
                #expect(try await storage.entry(id: StorageFixtures.unknownID()) == nil)
            }
        }

        @Test("Every kind and visibility reads back, including a dream without effects", arguments: Backend.allCases)
        func kindsAndVisibilities(backend: Backend) async throws {
            try await backend.withStorage { storage in
                let abe = try await storage.createAccount(named: "abe")
                let kinds: [Entry.Kind] = [.update, .journal, .dream(DreamDetails(creature: .crusty)), .dream(try StorageFixtures.dream())]
                for kind in kinds {
                    for visibility in Visibility.allCases {
                        let entry = try await storage.post(by: abe.id, visibility, kind: kind)
                        #expect(try await storage.entry(id: entry.id) == entry)
                    }
                }
            }
        }

        @Test("Sending the same idempotency key again returns the first entry and stores nothing new", arguments: Backend.allCases)
        func idempotencyReplay(backend: Backend) async throws {
            try await backend.withStorage { storage in
                let abe = try await storage.createAccount(named: "abe")
                let key = IdempotencyKey(key: "key-1", since: StorageFixtures.time(0))

                let first = try await storage.post(by: abe.id, body: "Once", at: StorageFixtures.time(1), key: key)
                let later = IdempotencyKey(key: "key-1", since: StorageFixtures.time(1))
                let again = try await storage.post(by: abe.id, body: "Once, retried", at: StorageFixtures.time(2), key: later)
                #expect(again == .replayed(first.entry))
                #expect(try await storage.ids(in: .author(abe.id, viewer: abe.id)) == [first.entry.id])
            }
        }

        @Test("A key older than the window is forgotten: it makes a new entry, which the key then stands for", arguments: Backend.allCases)
        func idempotencyExpired(backend: Backend) async throws {
            try await backend.withStorage { storage in
                let abe = try await storage.createAccount(named: "abe")

                let yesterday = IdempotencyKey(key: "key-1", since: StorageFixtures.time(0))
                let old = try await storage.post(by: abe.id, body: "Yesterday", at: StorageFixtures.time(1), key: yesterday)
                let today = IdempotencyKey(key: "key-1", since: StorageFixtures.time(2))
                let new = try await storage.post(by: abe.id, body: "Today", at: StorageFixtures.time(3), key: today)
                let entry = try #require(new.created, "expected a new entry")
                #expect(entry.id != old.entry.id)
                #expect(entry.body == "Today")

                let retried = try await storage.post(by: abe.id, body: "Today, retried", at: StorageFixtures.time(4), key: today)
                #expect(retried == .replayed(entry))
                #expect(Set(try await storage.ids(in: .author(abe.id, viewer: abe.id))) == [old.entry.id, entry.id])
            }
        }

        @Test("The same idempotency key from another author makes that author's own entry", arguments: Backend.allCases)
        func idempotencyPerAuthor(backend: Backend) async throws {
            try await backend.withStorage { storage in
                let abe = try await storage.createAccount(named: "abe")
                let mary = try await storage.createAccount(named: "mary")
                let key = IdempotencyKey(key: "key-1", since: StorageFixtures.time(0))

                let abes = try await storage.post(by: abe.id, at: StorageFixtures.time(1), key: key)
                let marys = try await storage.post(by: mary.id, at: StorageFixtures.time(2), key: key)
                let entry = try #require(marys.created, "expected a new entry")
                #expect(entry.author == mary.id)
                #expect(entry.id != abes.entry.id)
                #expect(try await storage.ids(in: .author(mary.id, viewer: mary.id)) == [entry.id])
            }
        }

        @Test("Deleting an entry says whether it existed, and takes its marks and photo attachments with it", arguments: Backend.allCases)
        func delete(backend: Backend) async throws {
            try await backend.withStorage { storage in
                let abe = try await storage.createAccount(named: "abe")
                let mary = try await storage.createAccount(named: "mary")
                let photo = try await storage.uploadPhoto(by: abe.id)
                let entry = try await storage.post(by: abe.id, photos: [AttachedPhoto(id: photo.id)])
                let kept = try await storage.post(by: abe.id)
                try await storage.mark(entry.id, by: mary.id, at: StorageFixtures.time(1))
                try await storage.mark(kept.id, by: mary.id, at: StorageFixtures.time(2))

                #expect(try await storage.deleteEntry(id: entry.id))
                #expect(try await !storage.deleteEntry(id: entry.id))
                #expect(try await storage.entry(id: entry.id) == nil)
                #expect(try await storage.markedEntries(among: [entry.id, kept.id], by: mary.id) == [kept.id])
                #expect(try await storage.ids(in: .marked(by: mary.id)) == [kept.id])
                #expect(try await storage.photoUses(id: photo.id).entries.isEmpty)
                #expect(try await storage.entry(id: kept.id) == kept)
            }
        }
    }
}
