import QwinkleKit
import QwinkleStorage
import Testing

/// An author and the people around them: Mary follows Abe (and Abe her), Tad reads Abe's journal without following
/// him (and shares his own with Mary), and Zoe is a stranger to Abe who follows Tad. Each of them posts two entries
/// of every visibility (all tagged `#All`), one of each pair goes to the trash, and one entry is trashed and restored.
/// Abe's first public entry starts a thread: Mary replies, Zoe replies to her twice, one of those in the trash.
private struct World {
    let abe: Account
    let mary: Account
    let tad: Account
    let zoe: Account
    /// Every entry, oldest first.
    let entries: [Entry]
    /// The entries in the trash.
    let trashed: Set<Entry.ID>
    /// The first entry of the thread.
    let threadRoot: Entry.ID

    init(in storage: any Storage) async throws {
        abe = try await storage.createAccount(named: "abe")
        mary = try await storage.createAccount(named: "mary")
        tad = try await storage.createAccount(named: "tad")
        zoe = try await storage.createAccount(named: "zoe")
        for (follower, followee) in [(mary, abe), (abe, mary), (zoe, tad)] {
            try await storage.follow(follower.id, followee.id, at: StorageFixtures.time(1))
        }
        for (owner, reader) in [(abe, tad), (tad, mary)] {
            try await storage.addJournalReader(owner: owner.id, reader: reader.id, at: StorageFixtures.time(1))
        }
        var entries: [Entry] = []
        var trashed: Set<Entry.ID> = []
        for visibility in Visibility.allCases {
            for author in [abe, mary, tad, zoe] {
                let kind: Entry.Kind = visibility == .journal ? .journal : .update
                for copy in ["kept", "trashed"] {
                    let entry = try await storage.post(by: author.id, visibility, kind: kind, body: "\(author.username) \(visibility) \(copy) #All")
                    entries.append(entry)
                    if copy == "trashed" {
                        #expect(try await storage.deleteEntry(id: entry.id, at: StorageFixtures.time(2)))
                        trashed.insert(entry.id)
                    }
                }
            }
        }
        let restored = try await storage.post(by: abe.id, .followers, body: "Deleted by mistake")
        _ = try await storage.deleteEntry(id: restored.id, at: StorageFixtures.time(3))
        #expect(try await storage.restoreDeletedEntry(id: restored.id) == restored)
        entries.append(restored)
        let abeID = abe.id
        let root = try #require(entries.first { $0.author == abeID && $0.visibility == .public })
        let reply = try await storage.reply(to: root, by: mary.id)
        let replies = [reply, try await storage.reply(to: reply, by: zoe.id), try await storage.reply(to: reply, by: zoe.id, .followers)]
        #expect(try await storage.deleteEntry(id: replies[2].id, at: StorageFixtures.time(4)))
        trashed.insert(replies[2].id)
        entries += replies
        threadRoot = root.id
        self.entries = entries
        self.trashed = trashed
    }

    var people: [Account] { [abe, mary, tad, zoe] }
}

extension StorageConformance {
    @Suite("Lists follow their one definition")
    struct ListDefinitions {
        @Test(
            "Every list, seen by anyone, has exactly the entries outside the trash that EntryScope.contains accepts, newest first",
            arguments: Backend.allCases
        )
        func listsAgreeWithContains(backend: Backend) async throws {
            try await backend.withStorage { storage in
                let world = try await World(in: storage)
                #expect(world.trashed.count == 21)

                var viewers: [(account: Account?, relations: ViewerRelations)] = [(nil, ViewerRelations())]
                for person in world.people {
                    viewers.append((person, try await storage.relations(of: person.id)))
                }
                var checked = 0
                for viewer in viewers {
                    var scopes: [EntryScope] = [.everyonePublic, .tag("all"), .thread(root: world.threadRoot)]
                        + world.people.map { .author($0.id, viewer: viewer.account?.id) }
                    if let account = viewer.account {
                        scopes += [.home(viewer: account.id), .journal(viewer: account.id)]
                    }
                    for scope in scopes {
                        let seen = "\(scope) seen by \(viewer.account?.username ?? "anonymous")"
                        let accepted = world.entries.reversed().filter { scope.contains($0, relations: viewer.relations) == true }
                        let expected = accepted.filter { !world.trashed.contains($0.id) }.map(\.id)
                        // Every list has entries to take and, in the trash, entries it would take but must leave out.
                        #expect(!expected.isEmpty && expected.count < accepted.count, "\(seen)")
                        #expect(try await storage.ids(in: scope) == expected, "\(seen)")
                        checked += 1
                    }
                }
                #expect(checked == 1 * 7 + 4 * 9)
            }
        }

        @Test("Whether an entry is marked is not known from the entry, so the marked list has no definition in memory")
        func markedHasNoDefinition() throws {
            let entry = EntryAudience(author: StorageFixtures.unknownID(), visibility: .public)
            #expect(EntryScope.marked(by: StorageFixtures.unknownID()).contains(entry, relations: ViewerRelations()) == nil)
        }
    }
}
