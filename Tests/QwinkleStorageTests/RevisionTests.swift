import QwinkleKit
import QwinkleStorage
import Testing

extension StorageConformance {
    @Suite("Revisions")
    struct Revisions {
        @Test("An edit from the current revision is stored with its photos and kept as a revision", arguments: Backend.allCases)
        func update(backend: Backend) async throws {
            try await backend.withStorage { storage in
                let abe = try await storage.createAccount(named: "abe")
                let photo = try await storage.uploadPhoto(by: abe.id)
                let original = try await storage.post(by: abe.id, .journal, kind: .journal)
                var edited = original
                edited.body = "Second thoughts"
                edited.kind = .dream(try StorageFixtures.dream())
                edited.photos = [AttachedPhoto(id: photo.id, alt: "now with a photo")]
                edited.revision = 2
                edited.editedAt = StorageFixtures.time(5)

                #expect(try await storage.updateEntry(edited, expectedRevision: 1))
                let stored = try #require(try await storage.entry(id: original.id))
                #expect(stored.content == edited.content && stored.revision == 2)
                #expect(stored.editedAt?.isSameMillisecond(as: StorageFixtures.time(5)) == true)
                let revisions = try await storage.revisions(of: original.id)
                #expect(revisions.map(\.revision) == [1, 2])
                #expect(revisions.map(\.body) == [original.body, "Second thoughts"])
                #expect(revisions[0].content == original.content, "revision 1 is the entry as it was created")
                #expect(try await storage.photoUses(id: photo.id).entries == [EntryAudience(author: abe.id, visibility: .journal)])
            }
        }

        @Test("An edit from a revision that is no longer current changes nothing", arguments: Backend.allCases)
        func staleUpdate(backend: Backend) async throws {
            try await backend.withStorage { storage in
                let abe = try await storage.createAccount(named: "abe")
                let original = try await storage.post(by: abe.id, .public)
                var first = original
                first.body = "first"
                first.revision = 2
                var second = original
                second.body = "second"
                second.revision = 2
                #expect(try await storage.updateEntry(first, expectedRevision: 1))
                #expect(try await storage.updateEntry(second, expectedRevision: 1) == false)
                #expect(try await storage.entry(id: original.id)?.body == "first")
                #expect(try await storage.revisions(of: original.id).count == 2)
            }
        }

        @Test("Of 50 concurrent edits from one revision exactly one is stored", arguments: Backend.allCases)
        func concurrentUpdates(backend: Backend) async throws {
            try await backend.withStorage { storage in
                let abe = try await storage.createAccount(named: "abe")
                let original = try await storage.post(by: abe.id, .public)
                let results = try await StorageFixtures.concurrently(50) { number in
                    var edited = original
                    edited.body = "edit \(number)"
                    edited.revision = 2
                    return try await storage.updateEntry(edited, expectedRevision: 1)
                }
                #expect(results.filter { $0 }.count == 1)
                #expect(try await storage.revisions(of: original.id).count == 2)
            }
        }

        @Test("An unknown entry has no revisions and cannot be updated", arguments: Backend.allCases)
        func unknown(backend: Backend) async throws {
            try await backend.withStorage { storage in
                let abe = try await storage.createAccount(named: "abe")
                var ghost = try await storage.post(by: abe.id, .public)
                ghost.id = StorageFixtures.unknownID()
                ghost.revision = 2
                #expect(try await storage.updateEntry(ghost, expectedRevision: 1) == false)
                #expect(try await storage.revisions(of: ghost.id).isEmpty)
            }
        }
    }
}
