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
                    id: entry.id, author: abe.id, content: EntryContent(kind: .dream(try StorageFixtures.dream()), body: "Three unicorns in the rain", photos: photos, visibility: .followers), revision: 1, createdAt: entry.createdAt, editedAt: nil
                ))
                #expect(entry.createdAt.isSameMillisecond(as: StorageFixtures.time(1)))
                #expect(try await storage.entry(id: entry.id) == entry)
                #expect(try await storage.entry(id: StorageFixtures.unknownID()) == nil)
            }
        }

        /// The content's lines are columns of their own, written from `EntryColumn`: one missing from a select, an
        /// insert, an update or a publication fails here, as every line is set.
        @Test("Every line of the content is kept with an entry, its edits and its revisions, and with a scheduled entry until it is posted", arguments: Backend.allCases)
        func lines(backend: Backend) async throws {
            try await backend.withStorage { storage in
                let abe = try await storage.createAccount(named: "abe")
                let everyLine = Dictionary(uniqueKeysWithValues: ContentLine.allCases.map { ($0, "\($0.label) of the entry") })
                let content = EntryContent(kind: .update, body: "Coffee by the water", visibility: .public, lines: everyLine)
                let created = try #require(try await storage.createEntry(NewEntry(author: abe.id, content: content, createdAt: StorageFixtures.time(1)), idempotencyKey: nil).created)
                #expect(created.content.lines == everyLine)
                #expect(try await storage.entry(id: created.id)?.content == content)

                var edited = created
                for line in ContentLine.allCases { edited.content[line: line] = "\(line.label), changed" }
                edited.revision = 2
                edited.editedAt = StorageFixtures.time(2)
                #expect(try await storage.updateEntry(edited, expectedRevision: 1))
                #expect(try await storage.entry(id: created.id)?.content == edited.content)
                #expect(try await storage.revisions(of: created.id).map(\.content) == [content, edited.content])

                var cleared = edited
                for line in ContentLine.allCases { cleared.content[line: line] = nil }
                cleared.revision = 3
                #expect(try await storage.updateEntry(cleared, expectedRevision: 2))
                #expect(try await storage.entry(id: created.id)?.content.lines.isEmpty == true)

                let scheduled = try #require(try await storage.schedule(content, by: abe.id, at: StorageFixtures.time(600)))
                #expect(try await storage.scheduledEntry(id: scheduled.id)?.content == content)
                let posted = try await storage.publishScheduledEntries(dueAt: StorageFixtures.time(700), datedNowBefore: StorageFixtures.time(0), limit: 10)
                #expect(posted.map(\.content) == [content])
                #expect(try await storage.entry(id: try #require(posted.first).id)?.content == content)
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

        @Test("A retry whose key names an entry in the trash makes a new entry, and restoring the old one leaves the key with the new", arguments: Backend.allCases)
        func idempotencyKeyOfTrashedEntry(backend: Backend) async throws {
            try await backend.withStorage { storage in
                let abe = try await storage.createAccount(named: "abe")
                let key = IdempotencyKey(key: "key-1", since: StorageFixtures.time(0))
                let first = try await storage.post(by: abe.id, body: "Once", at: StorageFixtures.time(1), key: key)
                #expect(try await storage.deleteEntry(id: first.entry.id, at: StorageFixtures.time(2)))

                let retried = try await storage.post(by: abe.id, body: "Once, retried", at: StorageFixtures.time(3), key: key)
                let entry = try #require(retried.created, "a deleted entry is neither replayed nor brought back")
                #expect(entry.id != first.entry.id)
                #expect(entry.body == "Once, retried")
                #expect(try await storage.entry(id: first.entry.id) == nil)
                #expect(try await storage.post(by: abe.id, body: "Again", at: StorageFixtures.time(4), key: key) == .replayed(entry))

                #expect(try await storage.restoreDeletedEntry(id: first.entry.id) == first.entry)
                #expect(try await storage.post(by: abe.id, body: "Again", at: StorageFixtures.time(5), key: key) == .replayed(entry))
                #expect(try await storage.ids(in: .author(abe.id, viewer: abe.id)) == [entry.id, first.entry.id])
            }
        }

        @Test("A key not retried while its entry was in the trash replays the entry once it is restored", arguments: Backend.allCases)
        func idempotencyKeyAfterRestore(backend: Backend) async throws {
            try await backend.withStorage { storage in
                let abe = try await storage.createAccount(named: "abe")
                let key = IdempotencyKey(key: "key-1", since: StorageFixtures.time(0))
                let first = try await storage.post(by: abe.id, body: "Once", at: StorageFixtures.time(1), key: key)
                #expect(try await storage.deleteEntry(id: first.entry.id, at: StorageFixtures.time(2)))
                #expect(try await storage.restoreDeletedEntry(id: first.entry.id) == first.entry)

                #expect(try await storage.post(by: abe.id, body: "Once, retried", at: StorageFixtures.time(3), key: key) == .replayed(first.entry))
                #expect(try await storage.ids(in: .author(abe.id, viewer: abe.id)) == [first.entry.id])
            }
        }
    }
}
