import Foundation
import QwinkleKit
import QwinkleStorage
import Testing

extension StorageConformance {
    @Suite("Archives")
    struct Archives {
        @Test("An author's entries are read oldest first, a page at a time, without the trash or anyone else's", arguments: Backend.allCases)
        func oldestFirst(backend: Backend) async throws {
            try await backend.withStorage { storage in
                let abe = try await storage.createAccount(named: "abe")
                let mary = try await storage.createAccount(named: "mary")
                var posted: [Entry] = []
                for index in 0..<5 {
                    posted.append(try await storage.post(by: abe.id, index == 1 ? .private : .public, body: "entry \(index)"))
                    _ = try await storage.post(by: mary.id, body: "mary \(index)")
                }
                #expect(try await storage.deleteEntry(id: posted[2].id, at: StorageFixtures.time(5)))
                var read: [Entry] = []
                var after: Entry.ID?
                while true {
                    let page = try await storage.entriesOldestFirst(by: abe.id, after: after, limit: 2)
                    guard let last = page.last else { break }
                    read += page
                    after = last.id
                }
                #expect(read.map(\.body) == ["entry 0", "entry 1", "entry 3", "entry 4"])
                #expect(read[0] == posted[0], "whole entries, as every read gives them")
            }
        }

        @Test("Imported entries keep their revisions and times, and an entry imported before from the same origin is skipped", arguments: Backend.allCases)
        func importOnce(backend: Backend) async throws {
            try await backend.withStorage { storage in
                let abe = try await storage.createAccount(named: "abe")
                let zed = try await storage.createAccount(named: "zed")
                let photo = try await storage.uploadPhoto(by: abe.id)
                let first = ImportedRevision(content: EntryContent(kind: .update, body: "Cofee", visibility: .public), date: StorageFixtures.time(100))
                let second = ImportedRevision(
                    content: EntryContent(kind: .update, body: "Coffee", photos: [AttachedPhoto(id: photo.id, alt: "cup")], visibility: .followers),
                    date: StorageFixtures.time(200)
                )
                let edited = ImportedEntry(sourceID: "41", revisions: [first, second], editedAt: StorageFixtures.time(200))
                let dream = ImportedEntry(
                    sourceID: "42",
                    revisions: [ImportedRevision(content: EntryContent(kind: .dream(try StorageFixtures.dream()), body: "Sharks", visibility: .private), date: StorageFixtures.time(300))],
                    editedAt: nil
                )
                #expect(try await storage.importEntries([edited, dream], author: abe.id, origin: "https://a.example", at: StorageFixtures.time(1_000)) == 2)
                let entries = try await storage.entriesOldestFirst(by: abe.id, after: nil, limit: 10)
                #expect(entries.map(\.body) == ["Coffee", "Sharks"])
                #expect(entries[0].revision == 2)
                #expect(entries[0].visibility == .followers)
                #expect(entries[0].photos == [AttachedPhoto(id: photo.id, alt: "cup")])
                #expect(entries[0].createdAt.isSameMillisecond(as: StorageFixtures.time(100)))
                #expect(entries[0].editedAt?.isSameMillisecond(as: StorageFixtures.time(200)) == true)
                #expect(entries[1].editedAt == nil)
                #expect(entries.allSatisfy { $0.importedAt?.isSameMillisecond(as: StorageFixtures.time(1_000)) == true }, "marked as imported")
                #expect(try await storage.entry(id: entries[0].id)?.importedAt != nil, "every read says so")
                #expect(entries[1].dream != nil)
                #expect(try await storage.revisions(of: entries[0].id).map(\.body) == ["Cofee", "Coffee"])
                #expect(try await storage.importedSourceIDs(author: abe.id, origin: "https://a.example") == ["41", "42"])

                #expect(try await storage.importEntries([edited, dream], author: abe.id, origin: "https://a.example", at: StorageFixtures.time(2_000)) == 0)
                #expect(try await storage.entriesOldestFirst(by: abe.id, after: nil, limit: 10).count == 2, "nothing twice")
                #expect(try await storage.importEntries([edited], author: abe.id, origin: "https://b.example", at: StorageFixtures.time(2_000)) == 1, "another origin is another entry")
                #expect(try await storage.importEntries([edited], author: zed.id, origin: "https://a.example", at: StorageFixtures.time(2_000)) == 1, "per author")
                #expect(try await storage.importedSourceIDs(author: zed.id, origin: "https://a.example") == ["41"])
            }
        }

        @Test("An import that fails stores none of its entries", arguments: Backend.allCases)
        func allOrNothing(backend: Backend) async throws {
            try await backend.withStorage { storage in
                let abe = try await storage.createAccount(named: "abe")
                let good = ImportedEntry(
                    sourceID: "1", revisions: [ImportedRevision(content: EntryContent(kind: .update, body: "Fine", visibility: .public), date: StorageFixtures.time(1))],
                    editedAt: nil
                )
                // A photo that does not exist breaks the foreign key of the second entry.
                let broken = ImportedEntry(
                    sourceID: "2",
                    revisions: [ImportedRevision(
                        content: EntryContent(kind: .update, body: "Broken", photos: [AttachedPhoto(id: StorageFixtures.unknownID())], visibility: .public),
                        date: StorageFixtures.time(2)
                    )],
                    editedAt: nil
                )
                await #expect(throws: (any Error).self) {
                    try await storage.importEntries([good, broken], author: abe.id, origin: "https://a.example", at: StorageFixtures.time(3))
                }
                #expect(try await storage.entriesOldestFirst(by: abe.id, after: nil, limit: 10).isEmpty)
                #expect(try await storage.importedSourceIDs(author: abe.id, origin: "https://a.example").isEmpty)
            }
        }
    }
}
