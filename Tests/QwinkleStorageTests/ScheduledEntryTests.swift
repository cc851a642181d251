import Foundation
import QwinkleKit
import QwinkleStorage
import Testing

extension StorageConformance {
    @Suite("Scheduled entries")
    struct Scheduled {
        @Test("A scheduled entry is no entry until it is posted: no list or search finds it, and only its author's schedule holds it", arguments: Backend.allCases)
        func invisibleUntilPosted(backend: Backend) async throws {
            try await backend.withStorage { storage in
                let abe = try await storage.createAccount(named: "abe")
                let mary = try await storage.createAccount(named: "mary")
                try await storage.follow(mary.id, abe.id, at: StorageFixtures.time(0))
                let photo = try await storage.uploadPhoto(by: abe.id)
                let content = EntryContent(
                    kind: .dream(try StorageFixtures.dream()), body: "Tomorrow's secret", photos: [AttachedPhoto(id: photo.id, alt: "a view")],
                    visibility: .public
                )
                let scheduled = try #require(try await storage.schedule(content, by: abe.id, at: StorageFixtures.time(600)))

                #expect(scheduled.author == abe.id)
                #expect(scheduled.content == content)
                #expect(scheduled.scheduledAt.isSameMillisecond(as: StorageFixtures.time(600)))
                #expect(try await storage.scheduledEntry(id: scheduled.id) == scheduled)
                #expect(try await storage.scheduledEntries(of: abe.id) == [scheduled])
                #expect(try await storage.scheduledEntries(of: mary.id).isEmpty)
                for scope in [EntryScope.everyonePublic, .author(abe.id, viewer: abe.id), .home(viewer: mary.id), .home(viewer: abe.id), .journal(viewer: abe.id)] {
                    #expect(try await storage.ids(in: scope).isEmpty, "\(scope)")
                }
                let found = try await storage.searchEntries(
                    EntrySearch(query: try SearchQuery(parsing: "secret"), viewer: abe.id), page: SearchPageRequest(start: .start, limit: 50)
                )
                #expect(found.isEmpty)
                #expect(try await storage.photoUses(id: photo.id) == PhotoUses())
            }
        }

        @Test("An author's schedule is soonest first, then in the order scheduled", arguments: Backend.allCases)
        func soonestFirst(backend: Backend) async throws {
            try await backend.withStorage { storage in
                let abe = try await storage.createAccount(named: "abe")
                let late = try #require(try await storage.schedule(body: "late", by: abe.id, at: StorageFixtures.time(900)))
                let soon = try #require(try await storage.schedule(body: "soon", by: abe.id, at: StorageFixtures.time(300)))
                let alsoLate = try #require(try await storage.schedule(body: "also late", by: abe.id, at: StorageFixtures.time(900)))
                #expect(try await storage.scheduledEntries(of: abe.id).map(\.id) == [soon.id, late.id, alsoLate.id])
            }
        }

        @Test("Changing a scheduled entry replaces its text, photos and time; once cancelled it can be neither changed nor cancelled again", arguments: Backend.allCases)
        func changeAndCancel(backend: Backend) async throws {
            try await backend.withStorage { storage in
                let abe = try await storage.createAccount(named: "abe")
                let first = try await storage.uploadPhoto(by: abe.id)
                let second = try await storage.uploadPhoto(by: abe.id)
                let scheduled = try #require(try await storage.schedule(
                    EntryContent(kind: .update, body: "Before", photos: [AttachedPhoto(id: first.id, alt: "one")], visibility: .public),
                    by: abe.id, at: StorageFixtures.time(600)
                ))
                let content = EntryContent(
                    kind: .journal, body: "After", photos: [AttachedPhoto(id: second.id, alt: "two"), AttachedPhoto(id: first.id, alt: "")],
                    visibility: .journal
                )
                let changed = try #require(try await storage.changeScheduledEntry(id: scheduled.id, content: content, scheduledAt: StorageFixtures.time(1_200)))
                #expect(changed.id == scheduled.id)
                #expect(changed.content == content)
                #expect(changed.scheduledAt.isSameMillisecond(as: StorageFixtures.time(1_200)))
                #expect(try await storage.scheduledEntry(id: scheduled.id) == changed)

                #expect(try await storage.cancelScheduledEntry(id: scheduled.id))
                #expect(try await storage.scheduledEntry(id: scheduled.id) == nil)
                #expect(try await storage.cancelScheduledEntry(id: scheduled.id) == false)
                #expect(try await storage.changeScheduledEntry(id: scheduled.id, content: content, scheduledAt: StorageFixtures.time(1_300)) == nil)
                #expect(try await storage.scheduledEntries(of: abe.id).isEmpty)
                #expect(try await storage.publishScheduledEntries(dueAt: StorageFixtures.time(5_000), datedNowBefore: StorageFixtures.time(0), limit: 10).isEmpty)
            }
        }

        @Test("Publishing posts what is due, soonest first with its photos, dated its time (or now when late), and only once", arguments: Backend.allCases)
        func publish(backend: Backend) async throws {
            try await backend.withStorage { storage in
                let abe = try await storage.createAccount(named: "abe")
                let photo = try await storage.uploadPhoto(by: abe.id)
                let withPhoto = EntryContent(kind: .update, body: "on time", photos: [AttachedPhoto(id: photo.id, alt: "sky")], visibility: .followers)
                let onTime = try #require(try await storage.schedule(withPhoto, by: abe.id, at: StorageFixtures.time(600)))
                let late = try #require(try await storage.schedule(body: "late", by: abe.id, at: StorageFixtures.time(300)))
                let future = try #require(try await storage.schedule(body: "future", by: abe.id, at: StorageFixtures.time(700)))

                let published = try await storage.publishScheduledEntries(
                    dueAt: StorageFixtures.time(600), datedNowBefore: StorageFixtures.time(540), limit: 10
                )
                #expect(published.map(\.body) == ["late", "on time"])
                let posted = try #require(published.last)
                #expect(posted.photos == withPhoto.photos)
                #expect(posted.visibility == .followers)
                #expect(posted.revision == 1)
                #expect(posted.createdAt.isSameMillisecond(as: StorageFixtures.time(600)))
                #expect(published.first?.createdAt.isSameMillisecond(as: StorageFixtures.time(600)) == true, "late: dated when it appeared")
                #expect(try await storage.entry(id: posted.id) == posted)
                #expect(try await storage.revisions(of: posted.id) == [posted])
                #expect(try await storage.ids(in: .author(abe.id, viewer: abe.id)) == published.reversed().map(\.id))
                #expect(try await storage.photoUses(id: photo.id).entries == [EntryAudience(author: abe.id, visibility: .followers)])
                #expect(try await storage.scheduledEntry(id: onTime.id) == nil)
                #expect(try await storage.scheduledEntry(id: late.id) == nil)
                #expect(try await storage.scheduledEntries(of: abe.id) == [future])

                let again = try await storage.publishScheduledEntries(dueAt: StorageFixtures.time(650), datedNowBefore: StorageFixtures.time(0), limit: 10)
                #expect(again.isEmpty)
                #expect(try await storage.ids(in: .author(abe.id, viewer: abe.id)).count == 2)
            }
        }

        @Test("Publishing posts at most a batch at a time, soonest first", arguments: Backend.allCases)
        func batches(backend: Backend) async throws {
            try await backend.withStorage { storage in
                let abe = try await storage.createAccount(named: "abe")
                for second in [30, 10, 20] {
                    _ = try #require(try await storage.schedule(body: "at \(second)", by: abe.id, at: StorageFixtures.time(second)))
                }
                let first = try await storage.publishScheduledEntries(dueAt: StorageFixtures.time(60), datedNowBefore: StorageFixtures.time(0), limit: 2)
                let rest = try await storage.publishScheduledEntries(dueAt: StorageFixtures.time(60), datedNowBefore: StorageFixtures.time(0), limit: 2)
                #expect(first.map(\.body) == ["at 10", "at 20"])
                #expect(rest.map(\.body) == ["at 30"])
            }
        }

        @Test("Twenty publications at once post each due entry exactly once", arguments: Backend.allCases)
        func concurrentPublications(backend: Backend) async throws {
            try await backend.withStorage { storage in
                let abe = try await storage.createAccount(named: "abe")
                for number in 0..<30 {
                    _ = try #require(try await storage.schedule(body: "entry \(number)", by: abe.id, at: StorageFixtures.time(number)))
                }
                let batches = try await StorageFixtures.concurrently(20) { _ in
                    try await storage.publishScheduledEntries(dueAt: StorageFixtures.time(100), datedNowBefore: StorageFixtures.time(0), limit: 5)
                }
                let bodies = batches.flatMap { $0.map(\.body) }
                #expect(bodies.count == Set(bodies).count)
                #expect(try await storage.ids(in: .author(abe.id, viewer: abe.id)).count == bodies.count)
                let rest = try await storage.publishScheduledEntries(dueAt: StorageFixtures.time(100), datedNowBefore: StorageFixtures.time(0), limit: 100)
                #expect(bodies.count + rest.count == 30)
                #expect(try await storage.ids(in: .author(abe.id, viewer: abe.id)).count == 30)
            }
        }

        @Test("An author may have only so many entries waiting; a refused one stores nothing", arguments: Backend.allCases)
        func limit(backend: Backend) async throws {
            try await backend.withStorage { storage in
                let abe = try await storage.createAccount(named: "abe")
                let mary = try await storage.createAccount(named: "mary")
                for number in 0..<3 {
                    _ = try #require(try await storage.schedule(body: "entry \(number)", by: abe.id, at: StorageFixtures.time(600), limit: 3))
                }
                #expect(try await storage.schedule(body: "one more", by: abe.id, at: StorageFixtures.time(600), limit: 3) == nil)
                #expect(try await storage.scheduledEntries(of: abe.id).count == 3)
                #expect(try await storage.schedule(body: "mine", by: mary.id, at: StorageFixtures.time(600), limit: 3) != nil)
            }
        }

        @Test("Deleting an account deletes its scheduled entries, photos and all", arguments: Backend.allCases)
        func deletedWithAccount(backend: Backend) async throws {
            try await backend.withStorage { storage in
                let abe = try await storage.createAccount(named: "abe")
                let photo = try await storage.uploadPhoto(by: abe.id)
                let scheduled = try #require(try await storage.schedule(
                    EntryContent(kind: .update, body: "later", photos: [AttachedPhoto(id: photo.id, alt: "")], visibility: .public),
                    by: abe.id, at: StorageFixtures.time(600)
                ))
                let deleted = try #require(try await storage.deleteAccount(id: abe.id))
                #expect(deleted.photoHashes.count == 1)
                #expect(try await storage.scheduledEntry(id: scheduled.id) == nil)
                #expect(try await storage.publishScheduledEntries(dueAt: StorageFixtures.time(1_000), datedNowBefore: StorageFixtures.time(0), limit: 10).isEmpty)
            }
        }
    }
}

extension ScheduledEntryStore {
    /// Schedules content by an author, with room for 100 waiting.
    func schedule(_ content: EntryContent, by author: Account.ID, at date: Date, limit: Int = 100) async throws -> ScheduledEntry? {
        try await scheduleEntry(NewScheduledEntry(author: author, content: content, scheduledAt: date), limit: limit)
    }

    /// Schedules a public update.
    func schedule(body: String, by author: Account.ID, at date: Date, limit: Int = 100) async throws -> ScheduledEntry? {
        try await schedule(EntryContent(kind: .update, body: body, visibility: .public), by: author, at: date, limit: limit)
    }
}
