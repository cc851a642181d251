import Foundation
import QwinkleKit
import QwinkleStorage
import Testing

extension StorageConformance {
    @Suite("Shares by this server's people, counts, bookmarks, pins and read markers")
    struct ShareStorage {
        static let now = Date(timeIntervalSince1970: 1_800_000_000)

        @Test("A share tells the author once, is in the sharer's own home and on their profile, is counted, and is taken back by its entry", arguments: Backend.allCases)
        func localShares(backend: Backend) async throws {
            try await backend.withStorage { storage in
                let abe = try await storage.createAccount(named: "abe")
                let cal = try await storage.createAccount(named: "cal")
                let mary = try await storage.createAccount(named: "mary")
                try await storage.follow(mary.id, abe.id, at: Self.now)
                let entry = try await storage.post(by: cal.id, body: "Pass it on")
                let share = NewShare(Share(sharer: abe.id, entry: entry.id), activityID: "qwinkle:share:1", sharedAt: Self.now)
                #expect(try await storage.addShare(share))
                #expect(try await !storage.addShare(NewShare(share.share, activityID: "qwinkle:share:2", sharedAt: Self.now)))

                let told = try await storage.notifications(of: cal.id, page: PageRequest(limit: 20))
                #expect(told.map(\.kind) == [.shared] && told.first?.actor == abe.id && told.first?.entry == entry.id, "told once")
                for source in [ShareSource.homeOf(abe.id), .homeOf(mary.id), .by(abe.id)] {
                    #expect(try await storage.shares(source, page: PageRequest(limit: 20)).map(\.item) == [share.share], "\(source)")
                }
                #expect(try await storage.shares(.by(mary.id), page: PageRequest(limit: 20)).isEmpty)
                #expect(try await storage.shares(.homeOf(cal.id), page: PageRequest(limit: 20)).isEmpty, "the author does not follow the sharer")
                #expect(try await storage.sharers(of: entry.id, page: PageRequest(limit: 20)).map(\.item.id) == [abe.id])

                try await storage.mark(entry.id, by: mary.id, at: Self.now)
                let facts = try await storage.pageFacts(of: [entry], alsoAccounts: [], viewer: abe.id)
                #expect(facts.counts[entry.id] == EntryCounts(marks: 1, shares: 1))
                #expect(facts.shared == [entry.id])
                #expect(try await storage.pageFacts(of: [entry], alsoAccounts: [], viewer: mary.id).shared.isEmpty)

                #expect(try await storage.removeShare(of: entry.id, by: abe.id) == "qwinkle:share:1")
                #expect(try await storage.removeShare(of: entry.id, by: abe.id) == nil)
                #expect(try await storage.shares(.by(abe.id), page: PageRequest(limit: 20)).isEmpty)
                #expect(try await storage.pageFacts(of: [entry], alsoAccounts: [], viewer: abe.id).counts[entry.id] == EntryCounts(marks: 1, shares: 0))
            }
        }

        @Test("Bookmarks are the owner's alone, listed most recently bookmarked first, and leave with their entry into the trash", arguments: Backend.allCases)
        func bookmarks(backend: Backend) async throws {
            try await backend.withStorage { storage in
                let abe = try await storage.createAccount(named: "abe")
                let mary = try await storage.createAccount(named: "mary")
                let first = try await storage.post(by: mary.id, body: "First")
                let second = try await storage.post(by: mary.id, body: "Second")
                try await storage.bookmark(second.id, by: abe.id, at: Self.now)
                try await storage.bookmark(first.id, by: abe.id, at: Self.now)
                try await storage.bookmark(first.id, by: abe.id, at: Self.now)
                let listed = try await storage.entries(.bookmarked(by: abe.id), page: PageRequest(limit: 20))
                #expect(listed.map(\.item.id) == [first.id, second.id], "most recently bookmarked first, each once")
                let older = try await storage.entries(.bookmarked(by: abe.id), page: PageRequest(limit: 20, maxCursor: listed[0].cursor))
                #expect(older.map(\.item.id) == [second.id])
                #expect(try await storage.entries(.bookmarked(by: mary.id), page: PageRequest(limit: 20)).isEmpty)
                #expect(try await storage.pageFacts(of: [first, second], alsoAccounts: [], viewer: abe.id).bookmarked == [first.id, second.id])
                #expect(try await storage.pageFacts(of: [first], alsoAccounts: [], viewer: mary.id).bookmarked.isEmpty)

                try await storage.unbookmark(second.id, by: abe.id)
                _ = try await storage.deleteEntry(id: first.id, at: Self.now)
                #expect(try await storage.entries(.bookmarked(by: abe.id), page: PageRequest(limit: 20)).isEmpty)
                await #expect(throws: StorageError.self) { try await storage.bookmark(first.id, by: abe.id, at: Self.now) }
            }
        }

        @Test("Pins are the author's own, newest first, at most the limit, known to every reader, and leave with their entry into the trash", arguments: Backend.allCases)
        func pins(backend: Backend) async throws {
            try await backend.withStorage { storage in
                let abe = try await storage.createAccount(named: "abe")
                let mary = try await storage.createAccount(named: "mary")
                let first = try await storage.post(by: abe.id, body: "First")
                let second = try await storage.post(by: abe.id, body: "Second")
                let third = try await storage.post(by: abe.id, body: "Third")
                let marys = try await storage.post(by: mary.id, body: "Mary's")
                #expect(try await storage.pin(second.id, by: abe.id, at: Self.now, limit: 2) == .pinned)
                #expect(try await storage.pin(first.id, by: abe.id, at: Self.now, limit: 2) == .pinned)
                #expect(try await storage.pin(first.id, by: abe.id, at: Self.now, limit: 2) == .alreadyPinned, "nothing to refuse")
                #expect(try await storage.pin(third.id, by: abe.id, at: Self.now, limit: 2) == .atLimit)
                await #expect(throws: StorageError.self, "someone else's entry") { try await storage.pin(marys.id, by: abe.id, at: Self.now, limit: 5) }
                let listed = try await storage.entries(.pinned(by: abe.id), page: PageRequest(limit: 20))
                #expect(listed.map(\.item.id) == [first.id, second.id], "most recently pinned first, each once")
                let older = try await storage.entries(.pinned(by: abe.id), page: PageRequest(limit: 20, maxCursor: listed[0].cursor))
                #expect(older.map(\.item.id) == [second.id])
                #expect(try await storage.entries(.pinned(by: mary.id), page: PageRequest(limit: 20)).isEmpty)
                for viewer in [abe.id, mary.id, nil] {
                    #expect(try await storage.pageFacts(of: [first, second, third], alsoAccounts: [], viewer: viewer).pinned == [first.id, second.id])
                }

                #expect(try await storage.unpin(second.id, by: abe.id))
                #expect(try await !storage.unpin(second.id, by: abe.id), "nothing left to take")
                #expect(try await !storage.unpin(first.id, by: mary.id), "only its author's pin")
                #expect(try await storage.pin(third.id, by: abe.id, at: Self.now, limit: 2) == .pinned, "room again")
                _ = try await storage.deleteEntry(id: first.id, at: Self.now)
                #expect(try await storage.entries(.pinned(by: abe.id), page: PageRequest(limit: 20)).map(\.item.id) == [third.id])
                await #expect(throws: StorageError.self) { try await storage.pin(first.id, by: abe.id, at: Self.now, limit: 5) }
            }
        }

        @Test("A read marker is kept per account and timeline, one version more each save", arguments: Backend.allCases)
        func readMarkers(backend: Backend) async throws {
            try await backend.withStorage { storage in
                let abe = try await storage.createAccount(named: "abe")
                let mary = try await storage.createAccount(named: "mary")
                #expect(try await storage.readMarker(of: abe.id, timeline: .home) == nil)
                let first = try await storage.saveReadMarker(of: abe.id, timeline: .home, lastReadID: "12", at: Self.now)
                #expect(first == ReadMarker(lastReadID: "12", version: 1, updatedAt: Self.now))
                let later = Self.now.addingTimeInterval(60)
                let second = try await storage.saveReadMarker(of: abe.id, timeline: .home, lastReadID: "15", at: later)
                #expect(second == ReadMarker(lastReadID: "15", version: 2, updatedAt: later))
                #expect(try await storage.readMarker(of: abe.id, timeline: .home) == second)
                #expect(try await storage.readMarker(of: abe.id, timeline: .notifications) == nil)
                #expect(try await storage.readMarker(of: mary.id, timeline: .home) == nil)
                _ = try await storage.deleteAccount(id: abe.id)
                #expect(try await storage.readMarker(of: abe.id, timeline: .home) == nil)
            }
        }
    }
}
