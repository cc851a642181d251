import Foundation
import QwinkleKit
import QwinkleServices
import QwinkleStorage
import Testing

extension StorageConformance {
    @Suite("Search")
    struct Search {
        @Test("Words, phrases, exclusions and every filter find the same entries", arguments: Backend.allCases)
        func matching(backend: Backend) async throws {
            try await backend.withStorage { storage in
                let abe = try await storage.createAccount(named: "abe")
                let mary = try await storage.createAccount(named: "mary")
                let photo = try await storage.uploadPhoto(by: abe.id)
                let shark = try await storage.post(by: abe.id, body: "A shark in the pink sea", at: StorageFixtures.time(0))
                let unicorn = try await storage.post(by: abe.id, body: "The pink unicorn and the Shark", at: StorageFixtures.time(100_000))
                let dream = try await storage.post(
                    by: mary.id, kind: .dream(DreamDetails(creature: .dragon)), body: "A dragon, not a shark",
                    photos: [AttachedPhoto(id: photo.id, alt: "")], at: StorageFixtures.time(200_000)
                )
                let search = { (text: String) in
                    try await storage.searchEntries(EntrySearch(query: try SearchQuery(parsing: text), viewer: abe.id), page: SearchPageRequest(start: .start, limit: 50)).map(\.item)
                        .map(\.id)
                }
                #expect(Set(try await search("shark")) == [shark.id, unicorn.id, dream.id])
                #expect(try await search("\"pink unicorn\"") == [unicorn.id])
                #expect(try await search("\"unicorn pink\"").isEmpty, "a phrase keeps its order")
                #expect(Set(try await search("shark -pink")) == [dream.id])
                #expect(Set(try await search("shark -\"pink sea\"")) == [unicorn.id, dream.id])
                #expect(try await search("from:@mary") == [dream.id])
                #expect(try await search("shark kind:dream") == [dream.id])
                #expect(try await search("creature:dragon") == [dream.id])
                #expect(try await search("creature:shark").isEmpty)
                #expect(try await search("has:photo") == [dream.id])
                #expect(try await search("shark kind:update before:2026-11-19") == [shark.id])
                #expect(Set(try await search("shark after:2026-11-18")) == [unicorn.id, dream.id])
                #expect(try await search("from:@nobody").isEmpty)
                // `#tag` finds the tag however it is spelt, not the bare word.
                let tagged = try await storage.post(by: mary.id, body: "Another #Shark day", at: StorageFixtures.time(300_000))
                #expect(try await search("#shark") == [tagged.id])
                #expect(try await search("#SHARK day") == [tagged.id])
                #expect(try await search("#shark pink").isEmpty)
                #expect(Set(try await search("shark")) == [shark.id, unicorn.id, dream.id, tagged.id])
            }
        }

        @Test("A content warning is found as the text is, and an edit of it is found at once", arguments: Backend.allCases)
        func warnings(backend: Backend) async throws {
            try await backend.withStorage { storage in
                let abe = try await storage.createAccount(named: "abe")
                let content = EntryContent(kind: .update, body: "The butler did it", visibility: .public, lines: [.contentWarning: "Finale spoilers"])
                let warned = try #require(try await storage.createEntry(NewEntry(author: abe.id, content: content, createdAt: StorageFixtures.time(1)), idempotencyKey: nil).created)
                let plain = try await storage.post(by: abe.id, body: "Spoilers are rude", at: StorageFixtures.time(2))
                let search = { (text: String) in
                    try await storage.searchEntries(EntrySearch(query: try SearchQuery(parsing: text), viewer: abe.id), page: SearchPageRequest(start: .start, limit: 50))
                        .map(\.item.id)
                }
                #expect(try await search("finale") == [warned.id])
                #expect(try await search("butler") == [warned.id])
                #expect(Set(try await search("spoilers")) == [warned.id, plain.id])
                #expect(try await search("spoilers -finale") == [plain.id])

                var edited = warned
                edited.content[line: .contentWarning] = "Ending revealed"
                edited.revision = 2
                #expect(try await storage.updateEntry(edited, expectedRevision: 1))
                #expect(try await search("finale").isEmpty)
                #expect(try await search("ending") == [warned.id])
            }
        }

        @Test("Query syntax typed by a person is only text: a result, never a database error", arguments: Backend.allCases)
        func syntaxIsText(backend: Backend) async throws {
            try await backend.withStorage { storage in
                let abe = try await storage.createAccount(named: "abe")
                let entry = try await storage.post(by: abe.id, body: "Sharks AND dragons NEAR the sea: body* \"quoted\" text")
                for text in ["AND", "NEAR", "near(sharks dragons)", "body*", "sea:", "\"quoted\"", "sharks OR", "NOT sea", "^sea", "body:sea", "(sea)", "'sea'", "sea & !dragons | x", "a<->b"] {
                    guard let query = try? SearchQuery(parsing: text) else { continue }
                    let found = try await storage.searchEntries(EntrySearch(query: query, viewer: abe.id), page: SearchPageRequest(start: .start, limit: 10)).map(\.item)
                    #expect(found.allSatisfy { $0.id == entry.id }, "\(text)")
                }
                let and = try await storage.searchEntries(EntrySearch(query: try SearchQuery(parsing: "AND"), viewer: abe.id), page: SearchPageRequest(start: .start, limit: 10)).map(\.item)
                #expect(and.map(\.id) == [entry.id], "AND is a word")
            }
        }

        @Test("Better matches come first, then newer ones; pages continue the ranking", arguments: Backend.allCases)
        func ranking(backend: Backend) async throws {
            try await backend.withStorage { storage in
                let abe = try await storage.createAccount(named: "abe")
                let once = try await storage.post(by: abe.id, body: "one shark among many other words in a long sentence here", at: StorageFixtures.time(1))
                let often = try await storage.post(by: abe.id, body: "shark shark shark", at: StorageFixtures.time(2))
                let older = try await storage.post(by: abe.id, body: "a shark swims by", at: StorageFixtures.time(3))
                let newer = try await storage.post(by: abe.id, body: "a shark swims by", at: StorageFixtures.time(4))
                let query = EntrySearch(query: try SearchQuery(parsing: "shark"), viewer: abe.id)
                let all = try await storage.searchEntries(query, page: SearchPageRequest(start: .start, limit: 10)).map(\.item).map(\.id)
                #expect(all == [often.id, newer.id, older.id, once.id])
                let second = try await storage.searchEntries(query, page: SearchPageRequest(start: SearchPosition(below: nil, offset: 2), limit: 2)).map(\.item).map(\.id)
                #expect(second == [older.id, once.id])
                let filtersOnly = EntrySearch(query: try SearchQuery(parsing: "from:abe"), viewer: abe.id)
                #expect(try await storage.searchEntries(filtersOnly, page: SearchPageRequest(start: .start, limit: 10)).map(\.item).map(\.id)
                    == [newer.id, older.id, often.id, once.id], "without words, newest first")
            }
        }

        @Test("Pages walk ranked windows of the newest matches: each match once, by relevance within a window, whatever the page size", arguments: Backend.allCases)
        func windows(backend: Backend) async throws {
            try await backend.withStorage { storage in
                let abe = try await storage.createAccount(named: "abe")
                let mary = try await storage.createAccount(named: "mary")
                // Three levels of relevance, as the ranking test shows both backends order them.
                let bodies = ["shark shark shark", "a shark swims by", "one shark among many other words in a long sentence here"]
                var relevance: [Entry.ID: Int] = [:]
                for index in 0..<14 {
                    let level = (index * 7) % 3
                    let entry = try await storage.post(by: abe.id, body: bodies[level], at: StorageFixtures.time(index * 10))
                    relevance[entry.id] = level
                    // Matches abe may not read and entries without the word must not take a window's place.
                    _ = try await storage.post(by: mary.id, .private, body: "shark shark shark", at: StorageFixtures.time(index * 10 + 1))
                    _ = try await storage.post(by: abe.id, body: "no fish here", at: StorageFixtures.time(index * 10 + 2))
                }
                let window = 4
                let newestFirst = relevance.keys.sorted { $0.key > $1.key }
                let expected = stride(from: 0, to: newestFirst.count, by: window).flatMap { start in
                    newestFirst[start..<min(start + window, newestFirst.count)].sorted { (relevance[$0] ?? 0, $1.key) < (relevance[$1] ?? 0, $0.key) }
                }
                let search = EntrySearch(query: try SearchQuery(parsing: "shark"), viewer: abe.id)
                let walk = { (limit: Int) in
                    var seen: [Entry.ID] = []
                    var start = SearchPosition.start
                    for _ in 0..<30 {
                        let page = try await storage.searchEntries(search, page: SearchPageRequest(start: start, limit: limit, window: window))
                        seen += page.map(\.item.id)
                        guard page.count == limit, let last = page.last, let next = SearchPosition(cursor: last.cursor) else { break }
                        start = next
                    }
                    return seen
                }
                for limit in [1, 3, 4, 5, 20] {
                    #expect(try await walk(limit) == expected, "pages of \(limit)")
                }

                // A match written after the first page does not move the pages still to come.
                let first = try await storage.searchEntries(search, page: SearchPageRequest(start: .start, limit: 3, window: window))
                _ = try await storage.post(by: abe.id, body: "shark shark shark", at: StorageFixtures.time(1_000))
                var rest: [Entry.ID] = []
                let firstLast = try #require(first.last)
                var start = try #require(SearchPosition(cursor: firstLast.cursor))
                for _ in 0..<30 {
                    let page = try await storage.searchEntries(search, page: SearchPageRequest(start: start, limit: 3, window: window))
                    rest += page.map(\.item.id)
                    guard page.count == 3, let last = page.last, let next = SearchPosition(cursor: last.cursor) else { break }
                    start = next
                }
                #expect(first.map(\.item.id) + rest == expected)
            }
        }

        @Test("The index follows every write: edits replace the old words, the trash hides, restoring brings back, purging removes", arguments: Backend.allCases)
        func keptInStep(backend: Backend) async throws {
            try await backend.withStorage { storage in
                let abe = try await storage.createAccount(named: "abe")
                let entry = try await storage.post(by: abe.id, body: "oldcanary")
                let search = { (word: String) in
                    try await storage.searchEntries(EntrySearch(query: try SearchQuery(parsing: word), viewer: abe.id), page: SearchPageRequest(start: .start, limit: 10)).map(\.item)
                        .map(\.id)
                }
                #expect(try await search("oldcanary") == [entry.id])
                var edited = entry
                edited.body = "newcanary"
                edited.revision = 2
                edited.editedAt = StorageFixtures.time(5)
                try #require(try await storage.updateEntry(edited, expectedRevision: 1))
                #expect(try await search("oldcanary").isEmpty, "an edit removes the old text")
                #expect(try await search("newcanary") == [entry.id])
                var restored = try #require(try await storage.revisions(of: entry.id).first)
                restored.revision = 3
                restored.editedAt = StorageFixtures.time(6)
                try #require(try await storage.updateEntry(restored, expectedRevision: 2))
                #expect(try await search("oldcanary") == [entry.id], "restoring a revision brings its text back")
                #expect(try await search("newcanary").isEmpty)
                #expect(try await storage.deleteEntry(id: entry.id, at: StorageFixtures.time(7)))
                #expect(try await search("oldcanary").isEmpty, "the trash is in no search")
                #expect(try await storage.restoreDeletedEntry(id: entry.id) != nil)
                #expect(try await search("oldcanary") == [entry.id])
                #expect(try await storage.deleteEntry(id: entry.id, at: StorageFixtures.time(7)))
                #expect(try await storage.purgeTrash(deletedBefore: StorageFixtures.time(8)) == 1)
                #expect(try await search("oldcanary").isEmpty)
            }
        }

        @Test("A search is narrowed to what the viewer's relations could let them read", arguments: Backend.allCases)
        func narrowedToAudience(backend: Backend) async throws {
            try await backend.withStorage { storage in
                let abe = try await storage.createAccount(named: "abe")
                let follower = try await storage.createAccount(named: "follower")
                let reader = try await storage.createAccount(named: "reader")
                let stranger = try await storage.createAccount(named: "stranger")
                try await storage.follow(follower.id, abe.id, at: StorageFixtures.time(0))
                try await storage.addJournalReader(owner: abe.id, reader: reader.id, at: StorageFixtures.time(0))
                var entries: [Visibility: Entry] = [:]
                for visibility in Visibility.allCases {
                    entries[visibility] = try await storage.post(by: abe.id, visibility, body: "canary \(visibility.rawValue)")
                }
                // Replies: one in the journal's thread, one for the replier's followers (which abe reads, being
                // answered), one private; each is found exactly where the policy's definition says.
                var replies = [
                    try await storage.reply(to: try #require(entries[.journal]), by: reader.id, .journal, body: "canary in the journal"),
                    try await storage.reply(to: try #require(entries[.public]), by: stranger.id, .followers, body: "canary to abe"),
                    try await storage.reply(to: try #require(entries[.public]), by: follower.id, .private, body: "canary to myself"),
                ]
                replies.append(try await storage.reply(to: replies[0], by: abe.id, .journal, body: "canary deeper in the journal"))
                let viewers: [Account?] = [abe, follower, reader, stranger, nil]
                for viewer in viewers {
                    let search = EntrySearch(query: try SearchQuery(parsing: "canary"), viewer: viewer?.id)
                    let relations = if let viewer { try await storage.relations(of: viewer.id) } else { ViewerRelations() }
                    let expected = Set((Array(entries.values) + replies).filter { Policy.canRead(EntryAudience($0), viewer: Viewer(account: viewer?.id, relations: relations)) }.map(\.id))
                    let found = try await storage.searchEntries(search, page: SearchPageRequest(start: .start, limit: 20)).map(\.item).map(\.id)
                    #expect(Set(found) == expected, "\(viewer?.username ?? "signed out")")
                    #expect(found.count == expected.count)
                }
                let strangerSees = EntrySearch(query: try SearchQuery(parsing: "canary"), viewer: stranger.id)
                // The storage narrows to what the stranger may read; that an unlisted entry is not listed to them is
                // the policy's to decide (`Policy.lists`), as for a mute.
                #expect(
                    Set(try await storage.searchEntries(strangerSees, page: SearchPageRequest(start: .start, limit: 10)).map(\.item.id))
                        == [replies[1].id, try #require(entries[.public]).id, try #require(entries[.unlisted]).id]
                )
                let abeSees = EntrySearch(query: try SearchQuery(parsing: "canary"), viewer: abe.id)
                #expect(Set(try await storage.searchEntries(abeSees, page: SearchPageRequest(start: .start, limit: 20)).map(\.item.id)).isSuperset(of: [replies[0].id, replies[1].id, replies[3].id]))
            }
        }

        @Test("Accounts are found by the start of their username or display name, exact username first", arguments: Backend.allCases)
        func accounts(backend: Backend) async throws {
            try await backend.withStorage { storage in
                let abe = try await storage.createAccount(named: "abe")
                let abel = try await storage.createAccount(named: "abel")
                let mary = try await storage.createAccount(named: "mary")
                let under = try await storage.createAccount(named: "a_b")
                let axb = try await storage.createAccount(named: "axb")
                _ = try await storage.updateProfile(of: mary.id, ProfileChanges(displayName: "Abe's friend Mary"))
                let find = { (prefix: String) in
                    try await storage.searchAccounts(prefix: prefix, page: RankedPageRequest(offset: 0, limit: 10)).map(\.id)
                }
                #expect(try await find("abe") == [abe.id, abel.id, mary.id])
                #expect(try await find("ABE") == [abe.id, abel.id, mary.id])
                #expect(try await find("abel") == [abel.id])
                #expect(try await find("a_") == [under.id], "_ is no wildcard")
                #expect(try await find("a%").isEmpty, "% is no wildcard")
                #expect(try await find("ax") == [axb.id])
                #expect(try await storage.searchAccounts(prefix: "a", page: RankedPageRequest(offset: 1, limit: 2)).map(\.id) == [abe.id, abel.id])
            }
        }
    }
}
