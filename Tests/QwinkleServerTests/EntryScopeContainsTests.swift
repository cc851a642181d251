import Foundation
import QwinkleKit
import QwinkleServer
import QwinkleStorage
import QwinkleStorageSQLite
import QwinkleTestSupport
import Testing

/// `EntryScope.contains`, by which a live stream decides in memory what its timeline's query decides in the
/// database, checked against that query.
@Suite("Scopes in memory")
struct EntryScopeContainsTests {
    @Test("For every viewer and scope, an entry is contained exactly when the storage lists it")
    func agreesWithStorage() async throws {
        try await TestServer.withTemporaryData { server in
            let storage = server.storage
            let start = Date(timeIntervalSince1970: 1_795_000_000)

            var people: [Account] = []
            for name in ["abe", "mary", "tad", "willie", "zoe"] {
                people.append(try await storage.createAccount(NewAccount(
                    username: name, email: "\(name)@example.com", passwordHash: "$2b$04$not.a.real.hash", createdAt: start
                )))
            }
            let (abe, mary, tad, willie, zoe) = (people[0].id, people[1].id, people[2].id, people[3].id, people[4].id)
            // Follows one way and both ways, and journals shared with followers and with others.
            for (follower, followee) in [(abe, mary), (mary, abe), (tad, abe), (zoe, willie), (willie, tad)] {
                try await storage.follow(follower, followee, at: start)
            }
            for (owner, reader) in [(willie, abe), (abe, mary), (zoe, tad), (mary, willie), (tad, zoe)] {
                try await storage.addJournalReader(owner: owner, reader: reader, at: start)
            }
            var entries: [Entry] = []
            for visibility in Visibility.allCases {
                for author in people {
                    for kind in [Entry.Kind.update, .journal] {
                        let new = NewEntry(author: author.id, kind: kind, body: "\(visibility)", photos: [], visibility: visibility, createdAt: start)
                        entries.append(try await storage.createEntry(new, idempotencyKey: nil).entry)
                    }
                }
            }

            var viewers: [(Account.ID?, ViewerRelations)] = [(nil, ViewerRelations())]
            for person in people { viewers.append((person.id, try await storage.relations(of: person.id))) }
            var checked = 0
            for (viewer, relations) in viewers {
                var scopes: [EntryScope] = [.everyonePublic] + people.map { .author($0.id, viewer: viewer) }
                if let viewer { scopes += [.home(viewer: viewer), .journal(viewer: viewer)] }
                for scope in scopes {
                    let listed = Set(try await storage.entries(scope, page: PageRequest(limit: 1_000)).map(\.item.id))
                    let contained = Set(entries.filter { scope.contains($0, relations: relations) == true }.map(\.id))
                    #expect(contained == listed, "\(scope) seen by \(viewer?.rawValue ?? "anonymous")")
                    checked += 1
                }
            }
            #expect(checked == 1 * 6 + 5 * 8)
            #expect(EntryScope.marked(by: abe).contains(entries[0], relations: ViewerRelations()) == nil)
        }
    }
}
