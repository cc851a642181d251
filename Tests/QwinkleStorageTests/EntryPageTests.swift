import QwinkleKit
import QwinkleStorage
import Testing

extension StorageConformance {
    @Suite("A page's facts read at once")
    struct EntryPage {
        @Test("A page's facts are what the reads apart give: parents off the page, authors, marks, reply audiences, object IDs of entries from elsewhere", arguments: Backend.allCases)
        func factsMatchTheReadsApart(backend: Backend) async throws {
            try await backend.withStorage { storage in
                let abe = try await storage.createAccount(named: "abe")
                let mary = try await storage.createAccount(named: "mary")
                let sharer = try await storage.createAccount(named: "sam")
                let bea = try await storage.storeRemoteActor(StorageConformance.RemoteAccountStorage.actor("bea"), at: StorageFixtures.time(0))

                let root = try await storage.post(by: abe.id, body: "root")
                let gone = try await storage.post(by: abe.id, body: "soon in the trash")
                let onPage = try await storage.reply(to: root, by: mary.id)
                let toRootOffPage = try await storage.reply(to: root, by: mary.id, .followers)
                let toGone = try await storage.reply(to: gone, by: mary.id)
                let toOnPage = try await storage.reply(to: onPage, by: abe.id)
                #expect(try await storage.deleteEntry(id: gone.id, at: StorageFixtures.time(5)))
                let objectID = "https://far.example/users/bea/statuses/1"
                let new = NewEntry(author: bea.id, content: EntryContent(kind: .update, body: "From afar", visibility: .public), createdAt: StorageFixtures.time(1))
                let remote = try await storage.createRemoteEntry(objectID: objectID, new).entry
                try await storage.mark(onPage.id, by: abe.id, at: StorageFixtures.time(2))
                try await storage.mark(remote.id, by: mary.id, at: StorageFixtures.time(2))

                // The root is not on the page: it is read as a parent; `onPage` is, so it is not read again.
                let page = [toOnPage, onPage, toRootOffPage, toGone, remote]
                let facts = try await storage.pageFacts(of: page, alsoAccounts: [sharer.id], viewer: abe.id)
                #expect(Set(facts.parents.keys) == [root.id])
                #expect(facts.parents[root.id] == root)
                #expect(Set(facts.accounts.keys) == [abe.id, mary.id, sharer.id, bea.id])
                #expect(facts.marked == [onPage.id])
                #expect(facts.objectIDs == [remote.id: objectID])
                #expect(facts.replyAudiences[onPage.id]?.map(\.author) == [abe.id])
                #expect(facts.replyAudiences[remote.id] == nil)

                // The same as each read apart gives.
                let ids = page.map(\.id)
                #expect(facts.accounts == (try await storage.accounts(ids: [abe.id, mary.id, sharer.id, bea.id])))
                #expect(facts.marked == (try await storage.markedEntries(among: Set(ids), by: abe.id)))
                #expect(facts.replyAudiences == (try await storage.replyAudiences(to: ids)))
                #expect(facts.objectIDs == (try await storage.objectIDs(of: ids)))

                // Someone else's marks, and none without a viewer.
                #expect(try await storage.pageFacts(of: page, alsoAccounts: [], viewer: mary.id).marked == [remote.id])
                let anonymous = try await storage.pageFacts(of: page, alsoAccounts: [], viewer: nil)
                #expect(anonymous.marked.isEmpty)
                #expect(!anonymous.accounts.keys.contains(sharer.id))
                #expect(try await storage.pageFacts(of: [], alsoAccounts: [], viewer: abe.id) == EntryPageFacts())
            }
        }
    }
}
