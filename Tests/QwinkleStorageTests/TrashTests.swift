import QwinkleKit
import QwinkleStorage
import Testing

extension StorageConformance {
    @Suite("The trash")
    struct Trash {
        @Test("A deleted entry is in its author's trash, and no read finds it: not the entry, its revisions, its marks or its photos", arguments: Backend.allCases)
        func deleteHides(backend: Backend) async throws {
            try await backend.withStorage { storage in
                let abe = try await storage.createAccount(named: "abe")
                let mary = try await storage.createAccount(named: "mary")
                let photo = try await storage.uploadPhoto(by: abe.id)
                let shared = try await storage.uploadPhoto(by: abe.id)
                let entry = try await storage.edited(
                    try await storage.post(by: abe.id, .public, photos: [AttachedPhoto(id: photo.id), AttachedPhoto(id: shared.id)])
                )
                let kept = try await storage.post(by: abe.id, .public, photos: [AttachedPhoto(id: shared.id)])
                try await storage.mark(entry.id, by: mary.id, at: StorageFixtures.time(1))
                try await storage.mark(kept.id, by: mary.id, at: StorageFixtures.time(2))

                #expect(try await storage.deleteEntry(id: entry.id, at: StorageFixtures.time(10)))
                #expect(try await storage.entry(id: entry.id) == nil)
                #expect(try await storage.revisions(of: entry.id).isEmpty)
                #expect(try await storage.markedEntries(among: [entry.id, kept.id], by: mary.id) == [kept.id])
                #expect(try await storage.ids(in: .marked(by: mary.id)) == [kept.id])
                #expect(try await storage.ids(in: .author(abe.id, viewer: abe.id)) == [kept.id])
                #expect(try await storage.ids(in: .everyonePublic) == [kept.id])
                #expect(try await storage.photoUses(id: photo.id) == PhotoUses())
                #expect(try await storage.photoUses(id: shared.id).entries == [EntryAudience(author: abe.id, visibility: .public)])

                let trashed = try #require(try await storage.trashedEntry(id: entry.id))
                #expect(trashed.entry == entry)
                #expect(trashed.deletedAt.isSameMillisecond(as: StorageFixtures.time(10)))
                #expect(try await storage.trashedEntry(id: kept.id) == nil)
                #expect(try await storage.entry(id: kept.id) == kept)
            }
        }

        @Test("Deleting an entry in the trash again, or one that does not exist, changes nothing", arguments: Backend.allCases)
        func deleteTwice(backend: Backend) async throws {
            try await backend.withStorage { storage in
                let abe = try await storage.createAccount(named: "abe")
                let entry = try await storage.post(by: abe.id)

                #expect(try await storage.deleteEntry(id: entry.id, at: StorageFixtures.time(10)))
                let first = try await storage.trash(of: abe.id, page: PageRequest(limit: 10))
                #expect(try await storage.deleteEntry(id: entry.id, at: StorageFixtures.time(20)) == false)
                #expect(try await storage.deleteEntry(id: StorageFixtures.unknownID(), at: StorageFixtures.time(20)) == false)
                let again = try await storage.trash(of: abe.id, page: PageRequest(limit: 10))
                #expect(again == first)
                #expect(again.count == 1)
                #expect(again.first?.item.deletedAt.isSameMillisecond(as: StorageFixtures.time(10)) == true)
            }
        }

        @Test("A restored entry comes back whole: the same ID, revisions, marks and photos, in every list it was in", arguments: Backend.allCases)
        func restore(backend: Backend) async throws {
            try await backend.withStorage { storage in
                let abe = try await storage.createAccount(named: "abe")
                let mary = try await storage.createAccount(named: "mary")
                try await storage.follow(mary.id, abe.id, at: StorageFixtures.time(0))
                let photo = try await storage.uploadPhoto(by: abe.id)
                let entry = try await storage.edited(
                    try await storage.post(by: abe.id, .followers, photos: [AttachedPhoto(id: photo.id, alt: "A crowd")])
                )
                try await storage.mark(entry.id, by: mary.id, at: StorageFixtures.time(1))
                try await storage.mark(entry.id, by: abe.id, at: StorageFixtures.time(2))
                let revisions = try await storage.revisions(of: entry.id)
                let marked = try await storage.entries(.marked(by: mary.id), page: PageRequest(limit: 10))
                let home = try await storage.entries(.home(viewer: mary.id), page: PageRequest(limit: 10))

                #expect(try await storage.deleteEntry(id: entry.id, at: StorageFixtures.time(10)))
                #expect(try await storage.restoreDeletedEntry(id: entry.id) == entry)

                #expect(try await storage.entry(id: entry.id) == entry)
                #expect(try await storage.revisions(of: entry.id) == revisions)
                #expect(revisions.count == 2)
                #expect(try await storage.entries(.marked(by: mary.id), page: PageRequest(limit: 10)) == marked)
                #expect(try await storage.markedEntries(among: [entry.id], by: abe.id) == [entry.id])
                #expect(try await storage.entries(.home(viewer: mary.id), page: PageRequest(limit: 10)) == home)
                #expect(try await storage.photoUses(id: photo.id).entries == [EntryAudience(author: abe.id, visibility: .followers)])
                #expect(try await storage.trashedEntry(id: entry.id) == nil)
                #expect(try await storage.trash(of: abe.id, page: PageRequest(limit: 10)).isEmpty)
            }
        }

        @Test("Restoring an entry that is not in the trash answers nil and changes nothing", arguments: Backend.allCases)
        func restoreNotInTrash(backend: Backend) async throws {
            try await backend.withStorage { storage in
                let abe = try await storage.createAccount(named: "abe")
                let live = try await storage.post(by: abe.id, body: "Never deleted")
                let restored = try await storage.post(by: abe.id, body: "Deleted and restored")
                #expect(try await storage.deleteEntry(id: restored.id, at: StorageFixtures.time(10)))
                #expect(try await storage.restoreDeletedEntry(id: restored.id) == restored)

                #expect(try await storage.restoreDeletedEntry(id: live.id) == nil)
                #expect(try await storage.restoreDeletedEntry(id: restored.id) == nil)
                #expect(try await storage.restoreDeletedEntry(id: StorageFixtures.unknownID()) == nil)
                #expect(try await storage.entry(id: live.id) == live)
                #expect(try await storage.entry(id: restored.id) == restored)
                #expect(try await storage.ids(in: .author(abe.id, viewer: abe.id)) == [restored.id, live.id])
            }
        }

        @Test("An entry in the trash cannot be marked or edited, so it is restored as it was deleted", arguments: Backend.allCases)
        func trashedIsFrozen(backend: Backend) async throws {
            try await backend.withStorage { storage in
                let abe = try await storage.createAccount(named: "abe")
                let mary = try await storage.createAccount(named: "mary")
                let entry = try await storage.post(by: abe.id)
                #expect(try await storage.deleteEntry(id: entry.id, at: StorageFixtures.time(10)))

                let error = await #expect(throws: StorageError.self) {
                    try await storage.mark(entry.id, by: mary.id, at: StorageFixtures.time(11))
                }
                #expect(error?.isNotFound == true)
                var edit = entry
                edit.body = "Edited in the trash"
                edit.revision = 2
                #expect(try await storage.updateEntry(edit, expectedRevision: 1) == false)

                #expect(try await storage.restoreDeletedEntry(id: entry.id) == entry)
                #expect(try await storage.revisions(of: entry.id).map(\.content) == [entry.content])
                #expect(try await storage.ids(in: .marked(by: mary.id)).isEmpty)
            }
        }

        @Test("An author's trash lists their deleted entries, the most recently deleted first, a page at a time", arguments: Backend.allCases)
        func trashList(backend: Backend) async throws {
            try await backend.withStorage { storage in
                let abe = try await storage.createAccount(named: "abe")
                let mary = try await storage.createAccount(named: "mary")
                var entries: [Entry] = []
                for number in 0..<5 {
                    entries.append(try await storage.post(by: abe.id, body: "Entry \(number)"))
                }
                let marys = try await storage.post(by: mary.id)
                // Deleted out of the order they were posted in, and Mary's among them.
                let deletions = [entries[2], entries[0], marys, entries[4], entries[1]]
                for (second, entry) in deletions.enumerated() {
                    #expect(try await storage.deleteEntry(id: entry.id, at: StorageFixtures.time(10 + second)))
                }

                let pages = try await StorageFixtures.pages(limit: 3) { try await storage.trash(of: abe.id, page: $0) }
                #expect(pages.map(\.count) == [3, 1])
                let all = pages.flatMap(\.self)
                #expect(all.map(\.item.entry) == [entries[1], entries[4], entries[0], entries[2]])
                let seconds = [14, 13, 11, 10]
                #expect(zip(all, seconds).allSatisfy { $0.item.deletedAt.isSameMillisecond(as: StorageFixtures.time($1)) })
                #expect(all.map(\.cursor) == all.map(\.cursor).sorted(by: >))
                let newer = try await storage.trash(of: abe.id, page: PageRequest(limit: 10, sinceCursor: all[2].cursor))
                #expect(newer.map(\.item.entry) == [entries[1], entries[4]])
                #expect(try await storage.trash(of: mary.id, page: PageRequest(limit: 10)).map(\.item.entry) == [marys])

                // Restored, an entry leaves the trash; deleted again, it is the most recently deleted.
                _ = try await storage.restoreDeletedEntry(id: entries[0].id)
                #expect(try await storage.trash(of: abe.id, page: PageRequest(limit: 10)).map(\.item.entry) == [entries[1], entries[4], entries[2]])
                #expect(try await storage.deleteEntry(id: entries[0].id, at: StorageFixtures.time(20)))
                #expect(try await storage.trash(of: abe.id, page: PageRequest(limit: 1)).map(\.item.entry) == [entries[0]])
            }
        }

        @Test("Purging deletes for good the entries put in the trash before a date, and no others", arguments: Backend.allCases)
        func purge(backend: Backend) async throws {
            try await backend.withStorage { storage in
                let abe = try await storage.createAccount(named: "abe")
                let mary = try await storage.createAccount(named: "mary")
                let photo = try await storage.uploadPhoto(by: abe.id)
                let key = IdempotencyKey(key: "key-1", since: StorageFixtures.time(0))
                let oldest = try await storage.post(by: abe.id, at: StorageFixtures.time(1), key: key).entry
                let middle = try await storage.post(by: abe.id, photos: [AttachedPhoto(id: photo.id)])
                let newest = try await storage.post(by: abe.id)
                let live = try await storage.post(by: abe.id)
                try await storage.mark(oldest.id, by: mary.id, at: StorageFixtures.time(2))
                for (entry, second) in [(oldest, 10), (middle, 20), (newest, 30)] {
                    #expect(try await storage.deleteEntry(id: entry.id, at: StorageFixtures.time(second)))
                }

                #expect(try await storage.purgeTrash(deletedBefore: StorageFixtures.time(20)) == 1)
                #expect(try await storage.trashedEntry(id: oldest.id) == nil)
                #expect(try await storage.restoreDeletedEntry(id: oldest.id) == nil)
                #expect(try await storage.trash(of: abe.id, page: PageRequest(limit: 10)).map(\.item.entry) == [newest, middle])
                #expect(try await storage.purgeTrash(deletedBefore: StorageFixtures.time(20)) == 0)

                #expect(try await storage.purgeTrash(deletedBefore: StorageFixtures.time(31)) == 2)
                #expect(try await storage.trash(of: abe.id, page: PageRequest(limit: 10)).isEmpty)
                #expect(try await storage.ids(in: .author(abe.id, viewer: abe.id)) == [live.id])
                #expect(try await storage.photoUses(id: photo.id) == PhotoUses())
                #expect(try await storage.ids(in: .marked(by: mary.id)).isEmpty)
                // The purged entry's key went with it: the key makes a new entry.
                #expect(try await storage.post(by: abe.id, at: StorageFixtures.time(40), key: key).created != nil)
            }
        }
    }
}

extension RevisionStore where Self: EntryStore {
    /// Stores the next revision of `entry` with a new body, and returns it as it reads back.
    func edited(_ entry: Entry) async throws -> Entry {
        var edited = entry
        edited.body = entry.body + ", edited"
        edited.revision = entry.revision + 1
        edited.editedAt = StorageFixtures.time(5)
        try #require(try await updateEntry(edited, expectedRevision: entry.revision))
        return try #require(try await self.entry(id: entry.id))
    }
}
