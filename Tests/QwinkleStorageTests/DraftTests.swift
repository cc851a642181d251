import QwinkleKit
import QwinkleStorage
import Testing

extension StorageConformance {
    @Suite("Drafts")
    struct Drafts {
        /// A draft's content: a dream with photos, so every part of the content has something to keep.
        static func content(_ body: String, photos: [AttachedPhoto] = []) throws -> EntryContent {
            EntryContent(kind: .dream(try StorageFixtures.dream()), body: body, photos: photos, visibility: .journal)
        }

        @Test("A draft reads back whole, each save is a revision kept as a base, and only one of two saves from one revision wins", arguments: Backend.allCases)
        func saves(backend: Backend) async throws {
            try await backend.withStorage { storage in
                let abe = try await storage.createAccount(named: "abe")
                let photo = try await storage.uploadPhoto(by: abe.id)
                let first = try Self.content("", photos: [AttachedPhoto(id: photo.id, alt: "A lake")])
                let draft = try await storage.createDraft(NewDraft(owner: abe.id, content: first, createdAt: StorageFixtures.time(1)))
                #expect(draft.revision == 1)
                #expect(try await storage.draft(id: draft.id) == draft)

                var saved = draft
                saved.content.body = "We walked to the lake"
                saved.revision = 2
                saved.updatedAt = StorageFixtures.time(2)
                #expect(try await storage.updateDraft(saved, expectedRevision: 1))
                var late = draft
                late.content.body = "Lost"
                late.revision = 2
                #expect(try await storage.updateDraft(late, expectedRevision: 1) == false, "the first save from revision 1 won")

                let read = try #require(try await storage.draft(id: draft.id))
                #expect(read.content == saved.content)
                #expect(read.revision == 2)
                #expect(read.createdAt.isSameMillisecond(as: StorageFixtures.time(1)))
                #expect(read.updatedAt.isSameMillisecond(as: StorageFixtures.time(2)))
                #expect(try await storage.draftContent(of: draft.id, revision: 1) == first)
                #expect(try await storage.draftContent(of: draft.id, revision: 2) == saved.content)
                #expect(try await storage.draftContent(of: draft.id, revision: 3) == nil)
                #expect(try await storage.draft(id: StorageFixtures.unknownID()) == nil)
            }
        }

        @Test("Only the latest revisions are kept as bases", arguments: Backend.allCases)
        func keptRevisions(backend: Backend) async throws {
            try await backend.withStorage { storage in
                let abe = try await storage.createAccount(named: "abe")
                var draft = try await storage.createDraft(NewDraft(owner: abe.id, content: try Self.content("0"), createdAt: StorageFixtures.time(0)))
                for revision in 2...(Draft.keptRevisions + 2) {
                    draft.content.body = String(revision)
                    draft.revision = revision
                    #expect(try await storage.updateDraft(draft, expectedRevision: revision - 1))
                }
                #expect(try await storage.draftContent(of: draft.id, revision: 1) == nil)
                #expect(try await storage.draftContent(of: draft.id, revision: 2) == nil)
                #expect(try await storage.draftContent(of: draft.id, revision: 3)?.body == "3")
                #expect(try await storage.draft(id: draft.id)?.content.body == String(Draft.keptRevisions + 2))
            }
        }

        @Test("An account's drafts are listed most recently saved first, page by page, and nobody else's", arguments: Backend.allCases)
        func list(backend: Backend) async throws {
            try await backend.withStorage { storage in
                let abe = try await storage.createAccount(named: "abe")
                let mary = try await storage.createAccount(named: "mary")
                var drafts: [Draft] = []
                for number in 0..<3 {
                    drafts.append(try await storage.createDraft(NewDraft(owner: abe.id, content: try Self.content("\(number)"), createdAt: StorageFixtures.time(number))))
                }
                _ = try await storage.createDraft(NewDraft(owner: mary.id, content: try Self.content("hers"), createdAt: StorageFixtures.time(5)))
                var oldest = drafts[0]
                oldest.content.body = "saved again"
                oldest.revision = 2
                #expect(try await storage.updateDraft(oldest, expectedRevision: 1))

                let pages = try await StorageFixtures.pages(limit: 2) { try await storage.drafts(of: abe.id, page: $0) }
                #expect(pages.map { $0.map(\.item.id) } == [[drafts[0].id, drafts[2].id], [drafts[1].id]])
                #expect(pages.first?.first?.item.content.body == "saved again")
            }
        }

        @Test("Posting a draft deletes it with the entry's creation; a gone or someone else's draft stores nothing; a replayed key answers", arguments: Backend.allCases)
        func posting(backend: Backend) async throws {
            try await backend.withStorage { storage in
                let abe = try await storage.createAccount(named: "abe")
                let mary = try await storage.createAccount(named: "mary")
                let draft = try await storage.createDraft(NewDraft(owner: abe.id, content: try Self.content("Hello"), createdAt: StorageFixtures.time(0)))
                let hers = try await storage.createDraft(NewDraft(owner: mary.id, content: try Self.content("Hi"), createdAt: StorageFixtures.time(0)))
                var new = StorageFixtures.newEntry(by: abe.id)
                new.draft = draft.id
                let key = IdempotencyKey(key: "post-1", since: StorageFixtures.time(-60))

                let created = try await storage.createEntry(new, idempotencyKey: key)
                guard case .created(let entry) = created else { Issue.record("not created: \(created)"); return }
                #expect(try await storage.draft(id: draft.id) == nil)
                #expect(try await storage.draftContent(of: draft.id, revision: 1) == nil)
                #expect(try await storage.createEntry(new, idempotencyKey: key) == .replayed(entry))

                await #expect(throws: StorageError.self) { try await storage.createEntry(new, idempotencyKey: nil) }
                var stealing = StorageFixtures.newEntry(by: abe.id)
                stealing.draft = hers.id
                await #expect(throws: StorageError.self) { try await storage.createEntry(stealing, idempotencyKey: nil) }
                #expect(try await storage.draft(id: hers.id) == hers)
                #expect(try await storage.ids(in: .author(abe.id, viewer: abe.id)) == [entry.id], "a refused post stored nothing")
            }
        }

        @Test("Deleting a draft, or its owner's account, takes it and its revisions", arguments: Backend.allCases)
        func deletion(backend: Backend) async throws {
            try await backend.withStorage { storage in
                let abe = try await storage.createAccount(named: "abe")
                let mary = try await storage.createAccount(named: "mary")
                let draft = try await storage.createDraft(NewDraft(owner: abe.id, content: try Self.content("Hello"), createdAt: StorageFixtures.time(0)))
                let kept = try await storage.createDraft(NewDraft(owner: abe.id, content: try Self.content("Kept"), createdAt: StorageFixtures.time(0)))
                #expect(try await storage.deleteDraft(id: draft.id))
                #expect(try await storage.deleteDraft(id: draft.id) == false)
                #expect(try await storage.draft(id: draft.id) == nil)
                #expect(try await storage.draft(id: kept.id) == kept)

                let hers = try await storage.createDraft(NewDraft(owner: mary.id, content: try Self.content("Hers"), createdAt: StorageFixtures.time(0)))
                #expect(try await storage.deleteAccount(id: mary.id) != nil)
                #expect(try await storage.draft(id: hers.id) == nil)
                #expect(try await storage.draftContent(of: hers.id, revision: 1) == nil)
                #expect(try await storage.draft(id: kept.id) == kept)
            }
        }
    }
}
