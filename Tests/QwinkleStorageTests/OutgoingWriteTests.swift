import Foundation
import QwinkleKit
import QwinkleStorage
import Testing

extension StorageConformance {
    @Suite("Federation: entry writes kept for other servers in their own transaction")
    struct OutgoingWrites {
        /// A time as both backends keep it, to the millisecond.
        static func milliseconds(_ date: Date) -> Int64 {
            Int64((date.timeIntervalSince1970 * 1000).rounded())
        }

        @Test("Each announced write keeps one row with the entry as it is now; a write not announced, or not made, keeps none", arguments: Backend.allCases)
        func journal(backend: Backend) async throws {
            try await backend.withStorage { storage in
                let abe = try await storage.createAccount(named: "abe")
                let now = StorageFixtures.time(100)
                var announced = StorageFixtures.newEntry(by: abe.id, .public, body: "Hello, far away", at: StorageFixtures.time(1))
                announced.announce = true
                let posted = try await storage.createEntry(announced, idempotencyKey: nil).entry
                _ = try await storage.createEntry(StorageFixtures.newEntry(by: abe.id, .public, body: "Not told"), idempotencyKey: nil)

                var edited = posted
                edited.content.body = "Hello again"
                edited.content.visibility = .followers
                edited.revision = 2
                edited.editedAt = StorageFixtures.time(2)
                // A lost race changes nothing and keeps nothing.
                #expect(try await storage.updateEntry(edited, expectedRevision: 5, notify: [:], announce: true) == false)
                #expect(try await storage.updateEntry(edited, expectedRevision: 1, notify: [:], announce: true))
                #expect(try await storage.deleteEntry(id: posted.id, at: StorageFixtures.time(3), announce: true))
                #expect(try await storage.deleteEntry(id: posted.id, at: StorageFixtures.time(4), announce: true) == false, "in the trash already")
                #expect(try await storage.restoreDeletedEntry(id: posted.id, announcingAt: StorageFixtures.time(5)) != nil)
                #expect(try await storage.outgoingWriteCount() == 4)

                let writes = try await storage.takeOutgoingWrites(limit: 10, at: now, heldUntil: now.addingTimeInterval(60))
                #expect(writes.map(\.kind) == [.created, .updated, .deleted, .updated])
                #expect(writes.map { Self.milliseconds($0.writtenAt) } == [1, 2, 3, 5].map { Self.milliseconds(StorageFixtures.time($0)) })
                #expect(writes.map(\.visibilityBefore) == [nil, .public, nil, nil], "an update from the trash had none")
                // Each is read with the entry as it is when taken: edited, and out of the trash again.
                #expect(writes.allSatisfy { $0.entry.id == posted.id && $0.entry.content.body == "Hello again" && $0.entry.revision == 2 })
            }
        }

        @Test("A taken write is held from every other taker until its hold ends; finishing it queues its deliveries and forgets it at once", arguments: Backend.allCases)
        func takeAndFinish(backend: Backend) async throws {
            try await backend.withStorage { storage in
                let abe = try await storage.createAccount(named: "abe")
                let now = StorageFixtures.time(100)
                for number in 0..<3 {
                    var new = StorageFixtures.newEntry(by: abe.id, .public, body: "Post \(number)", at: StorageFixtures.time(number))
                    new.announce = true
                    _ = try await storage.createEntry(new, idempotencyKey: nil)
                }
                let first = try await storage.takeOutgoingWrites(limit: 2, at: now, heldUntil: now.addingTimeInterval(60))
                #expect(first.map(\.entry.content.body) == ["Post 0", "Post 1"])
                let second = try await storage.takeOutgoingWrites(limit: 10, at: now.addingTimeInterval(1), heldUntil: now.addingTimeInterval(61))
                #expect(second.map(\.entry.content.body) == ["Post 2"])
                #expect(try await storage.takeOutgoingWrites(limit: 10, at: now.addingTimeInterval(2), heldUntil: now.addingTimeInterval(62)).isEmpty)

                let deliveries = (1...2).map { NewDelivery(inbox: "https://far\($0).example/inbox", signer: abe.id, activity: #"{"n":0}"#) }
                try await storage.finishOutgoingWrite(id: first[0].id, queueing: deliveries, at: now)
                #expect(try await storage.queuedDeliveryCount() == 2)
                #expect(try await storage.outgoingWriteCount() == 2)
                // A taker that stopped (its hold ran out) leaves its writes to the next, oldest first.
                let afterHold = try await storage.takeOutgoingWrites(limit: 10, at: now.addingTimeInterval(70), heldUntil: now.addingTimeInterval(130))
                #expect(afterHold.map(\.id) == [first[1].id, second[0].id])
            }
        }

        @Test("Scheduled entries, a moderator's removal and a purge keep or take their rows with the write", arguments: Backend.allCases)
        func otherWrites(backend: Backend) async throws {
            try await backend.withStorage { storage in
                let abe = try await storage.createAccount(named: "abe")
                _ = try await storage.schedule(body: "Later", by: abe.id, at: StorageFixtures.time(50))
                let published = try await storage.publishScheduledEntries(dueAt: StorageFixtures.time(60), datedNowBefore: StorageFixtures.time(0), limit: 10, announce: true)
                #expect(published.count == 1)
                var taken = try await storage.takeOutgoingWrites(limit: 10, at: StorageFixtures.time(60), heldUntil: StorageFixtures.time(120))
                #expect(taken.map(\.kind) == [.created])
                #expect(taken.map(\.entry.id) == published.map(\.id))
                try await storage.finishOutgoingWrite(id: taken[0].id, queueing: [], at: StorageFixtures.time(60))

                let mod = try await storage.createAccount(named: "mod")
                let report = try await storage.createReport(
                    NewReport(reporter: .account(mod.id), account: abe.id, entries: published, comment: "spam"), at: StorageFixtures.time(61)
                )
                let removal = ModerationStep(moderator: mod.id, action: .deleteEntries, account: abe.id, report: report.id, announce: true)
                #expect(try await storage.moderate(removal, at: StorageFixtures.time(62))?.removedEntries.map(\.id) == published.map(\.id))
                taken = try await storage.takeOutgoingWrites(limit: 10, at: StorageFixtures.time(62), heldUntil: StorageFixtures.time(122))
                #expect(taken.map(\.kind) == [.deleted])
                #expect(taken.map { Self.milliseconds($0.writtenAt) } == [Self.milliseconds(StorageFixtures.time(62))])

                // Purged for good, the entry takes its waiting write along.
                #expect(try await storage.purgeTrash(deletedBefore: StorageFixtures.time(1_000)) == 1)
                #expect(try await storage.outgoingWriteCount() == 0)
            }
        }
    }
}
