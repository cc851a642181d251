import QwinkleKit
import QwinkleStorage
import Testing

extension StorageConformance {
    /// A thread's shape: the root `r` has replies `a` and `b`; `a` has `a1` and `a2` (in the trash); `a1` has
    /// `a1x`; `b` has `b1`. Another thread beside it must never show up in this one.
    @Suite("Threads")
    struct Threads {
        struct Tree {
            let r: Entry, a: Entry, b: Entry, a1: Entry, a2: Entry, a1x: Entry, b1: Entry, other: Entry

            init(in storage: any Storage) async throws {
                let abe = try await storage.createAccount(named: "abe")
                let mary = try await storage.createAccount(named: "mary")
                r = try await storage.post(by: abe.id, body: "root")
                a = try await storage.reply(to: r, by: mary.id)
                let elsewhere = try await storage.post(by: mary.id, body: "another thread")
                b = try await storage.reply(to: r, by: abe.id, .followers)
                a1 = try await storage.reply(to: a, by: abe.id)
                other = try await storage.reply(to: elsewhere, by: abe.id)
                a2 = try await storage.reply(to: a, by: mary.id)
                a1x = try await storage.reply(to: a1, by: mary.id, .private)
                b1 = try await storage.reply(to: b, by: mary.id)
                #expect(try await storage.deleteEntry(id: a2.id, at: StorageFixtures.time(5)))
            }
        }

        @Test("Replies come in reply order with their depth, each reply's own right after it, the trash left out", arguments: Backend.allCases)
        func replyOrder(backend: Backend) async throws {
            try await backend.withStorage { storage in
                let tree = try await Tree(in: storage)
                let all = try await storage.replies(below: tree.r.id, after: nil, limit: 100)
                #expect(all.map(\.entry.id) == [tree.a, tree.a1, tree.a1x, tree.b, tree.b1].map(\.id))
                #expect(all.map(\.depth) == [1, 2, 3, 1, 2])
                #expect(all.first?.entry == tree.a)
                #expect(try await storage.replies(below: tree.a.id, after: nil, limit: 100).map(\.entry.id) == [tree.a1.id, tree.a1x.id])
                #expect(try await storage.replies(below: tree.a1x.id, after: nil, limit: 100).isEmpty)

                // Page by page, from the last one read, gives the same order.
                var paged: [Entry.ID] = []
                var cursor: ThreadCursor?
                for _ in 0..<10 {
                    let page = try await storage.replies(below: tree.r.id, after: cursor, limit: 2)
                    paged += page.map(\.entry.id)
                    guard let last = page.last, page.count == 2 else { break }
                    cursor = ThreadCursor(after: last.entry.id, skippingItsReplies: false)
                }
                #expect(paged == all.map(\.entry.id))
                // Skipping a reply's own replies goes on with its next sibling.
                let afterA = try await storage.replies(below: tree.r.id, after: ThreadCursor(after: tree.a.id, skippingItsReplies: true), limit: 100)
                #expect(afterA.map(\.entry.id) == [tree.b.id, tree.b1.id])
            }
        }

        @Test("Ancestors are named from the thread's first entry down, even when one is gone; counts leave the trash out", arguments: Backend.allCases)
        func ancestorsAndCounts(backend: Backend) async throws {
            try await backend.withStorage { storage in
                let tree = try await Tree(in: storage)
                #expect(try await storage.ancestorIDs(of: tree.a1x.id) == [tree.r.id, tree.a.id, tree.a1.id])
                #expect(try await storage.ancestorIDs(of: tree.r.id).isEmpty)
                #expect(try await storage.ancestorIDs(of: StorageFixtures.unknownID()).isEmpty)
                _ = try await storage.deleteEntry(id: tree.a.id, at: StorageFixtures.time(6))
                #expect(try await storage.ancestorIDs(of: tree.a1x.id) == [tree.r.id, tree.a.id, tree.a1.id])
                // The reply outlives its parent and still says what it answered.
                #expect(try await storage.entry(id: tree.a1.id)?.reply?.parent == tree.a.id)
                #expect(try await storage.replies(below: tree.r.id, after: nil, limit: 100).map(\.entry.id) == [tree.a1, tree.a1x, tree.b, tree.b1].map(\.id))

                let audiences = try await storage.replyAudiences(to: [tree.r.id, tree.a.id, tree.b.id, tree.b1.id])
                #expect(audiences[tree.r.id]?.map(\.visibility) == [.followers])
                #expect(audiences[tree.a.id]?.map(\.author) == [tree.a1.author])
                #expect(audiences[tree.b.id]?.count == 1)
                #expect(audiences[tree.b1.id] == nil)
                #expect(Set(try await storage.entries(ids: [tree.r.id, tree.a.id, tree.b.id]).map(\.id)) == [tree.r.id, tree.b.id])
            }
        }

        @Test("A reply in a journal's thread keeps the journal; tags follow edits; mentions are kept with the entry", arguments: Backend.allCases)
        func journalTagsAndMentions(backend: Backend) async throws {
            try await backend.withStorage { storage in
                let abe = try await storage.createAccount(named: "abe")
                let tad = try await storage.createAccount(named: "tad")
                let diary = try await storage.post(by: abe.id, .journal, kind: .journal, body: "dear diary")
                let reply = try await storage.reply(to: diary, by: tad.id, .journal)
                let deeper = try await storage.reply(to: reply, by: abe.id, .journal)
                #expect(try await storage.entry(id: deeper.id)?.reply == EntryReply(parent: reply.id, parentAuthor: tad.id, root: diary.id, journal: abe.id))
                #expect(EntryAudience(try #require(try await storage.entry(id: reply.id))).journal == abe.id)

                var new = StorageFixtures.newEntry(by: abe.id, body: "#Coffee with @tad")
                new.mentions = [Mention(account: tad.id, username: "tad")]
                let tagged = try await storage.createEntry(new, idempotencyKey: nil).entry
                #expect(try await storage.entry(id: tagged.id)?.mentions == new.mentions)
                #expect(try await storage.ids(in: .tag("coffee")) == [tagged.id])
                var edited = tagged
                edited.content.body = "#Tea now"
                edited.mentions = []
                edited.revision = 2
                edited.editedAt = StorageFixtures.time(9)
                #expect(try await storage.updateEntry(edited, expectedRevision: 1))
                #expect(try await storage.ids(in: .tag("coffee")).isEmpty)
                #expect(try await storage.ids(in: .tag("tea")) == [tagged.id])
                #expect(try await storage.entry(id: tagged.id)?.mentions == [])
            }
        }
    }
}
