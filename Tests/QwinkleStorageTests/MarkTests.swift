import QwinkleKit
import QwinkleStorage
import Testing

extension StorageConformance {
    @Suite("Marks")
    struct Marks {
        @Test("Marking twice is marking once; unmarking takes the mark away, and again changes nothing", arguments: Backend.allCases)
        func markAndUnmark(backend: Backend) async throws {
            try await backend.withStorage { storage in
                let abe = try await storage.createAccount(named: "abe")
                let mary = try await storage.createAccount(named: "mary")
                let entry = try await storage.post(by: abe.id)
                let other = try await storage.post(by: abe.id)

                try await storage.mark(entry.id, by: mary.id, at: StorageFixtures.time(1))
                try await storage.mark(entry.id, by: mary.id, at: StorageFixtures.time(2))
                #expect(try await storage.markedEntries(among: [entry.id, other.id], by: mary.id) == [entry.id])
                #expect(try await storage.markedEntries(among: [entry.id, other.id], by: abe.id).isEmpty)
                #expect(try await storage.markedEntries(among: [], by: mary.id).isEmpty)
                #expect(try await storage.ids(in: .marked(by: mary.id)) == [entry.id])

                try await storage.unmark(entry.id, by: mary.id)
                try await storage.unmark(entry.id, by: mary.id)
                #expect(try await storage.markedEntries(among: [entry.id], by: mary.id).isEmpty)
                #expect(try await storage.ids(in: .marked(by: mary.id)).isEmpty)
            }
        }

        @Test("Marking an entry that does not exist is refused as not found", arguments: Backend.allCases)
        func markUnknown(backend: Backend) async throws {
            try await backend.withStorage { storage in
                let abe = try await storage.createAccount(named: "abe")

                let error = await #expect(throws: StorageError.self) {
                    try await storage.mark(StorageFixtures.unknownID(), by: abe.id, at: StorageFixtures.time(1))
                }
                #expect(error?.isNotFound == true)
            }
        }

        @Test("Marked entries are listed by when they were marked, a page at a time by the mark's cursor", arguments: Backend.allCases)
        func markedList(backend: Backend) async throws {
            try await backend.withStorage { storage in
                let abe = try await storage.createAccount(named: "abe")
                let mary = try await storage.createAccount(named: "mary")
                var entries: [Entry] = []
                for number in 1...4 {
                    entries.append(try await storage.post(by: abe.id, body: "Entry \(number)"))
                }
                // The oldest entry is marked last, so it comes first.
                let marked = [entries[1], entries[3], entries[2], entries[0]]
                for (second, entry) in marked.enumerated() {
                    try await storage.mark(entry.id, by: mary.id, at: StorageFixtures.time(second))
                }
                try await storage.mark(entries[2].id, by: abe.id, at: StorageFixtures.time(9))

                let pages = try await StorageFixtures.pages(limit: 3) { try await storage.entries(.marked(by: mary.id), page: $0) }
                #expect(pages.map(\.count) == [3, 1])
                let all = pages.flatMap(\.self)
                #expect(all.map(\.item) == marked.reversed())
                #expect(all.map(\.cursor) == all.map(\.cursor).sorted(by: >))

                let newer = try await storage.entries(.marked(by: mary.id), page: PageRequest(limit: 10, sinceCursor: all[2].cursor))
                #expect(newer.map(\.item) == Array(marked.reversed()[0..<2]))
                #expect(try await storage.ids(in: .marked(by: abe.id)) == [entries[2].id])
            }
        }

        @Test("An entry's markers are listed by when they marked it, a page at a time; an unmark takes one away", arguments: Backend.allCases)
        func markers(backend: Backend) async throws {
            try await backend.withStorage { storage in
                let abe = try await storage.createAccount(named: "abe")
                var markers: [Account] = []
                for name in ["mary", "ann", "bob", "cy"] {
                    markers.append(try await storage.createAccount(named: name))
                }
                let entry = try await storage.post(by: abe.id)
                let other = try await storage.post(by: abe.id)
                for (second, account) in markers.enumerated() {
                    try await storage.mark(entry.id, by: account.id, at: StorageFixtures.time(second))
                }
                try await storage.mark(other.id, by: abe.id, at: StorageFixtures.time(9))

                let pages = try await StorageFixtures.pages(limit: 3) { try await storage.markers(of: entry.id, page: $0) }
                #expect(pages.map(\.count) == [3, 1])
                #expect(pages.flatMap(\.self).map(\.item.username) == ["cy", "bob", "ann", "mary"])
                try await storage.unmark(entry.id, by: markers[1].id)
                #expect(try await storage.markers(of: entry.id, page: PageRequest(limit: 10)).map(\.item.username) == ["cy", "bob", "mary"])
                #expect(try await storage.markers(of: other.id, page: PageRequest(limit: 10)).map(\.item.id) == [abe.id])
            }
        }
    }
}
