import Foundation
import QwinkleKit
import QwinkleStorage
import Testing

extension StorageConformance {
    @Suite("Notifications")
    struct Notifications {
        @Test("Follows, journal grants, messages and marks record their notifications; doing one twice records one", arguments: Backend.allCases)
        func recordedWithTheirWrites(backend: Backend) async throws {
            try await backend.withStorage { storage in
                let abe = try await storage.createAccount(named: "abe")
                let mary = try await storage.createAccount(named: "mary")
                let tad = try await storage.createAccount(named: "tad")
                let entry = try await storage.post(by: mary.id)
                for _ in 0..<2 {
                    try await storage.follow(abe.id, mary.id, at: StorageFixtures.time(1))
                    try await storage.addJournalReader(owner: abe.id, reader: mary.id, at: StorageFixtures.time(2))
                    try await storage.mark(entry.id, by: abe.id, at: StorageFixtures.time(3))
                }
                try await storage.mark(entry.id, by: mary.id, at: StorageFixtures.time(3))
                #expect(try await storage.removeJournalReader(owner: abe.id, reader: mary.id, at: StorageFixtures.time(4)))
                #expect(try await !storage.removeJournalReader(owner: abe.id, reader: mary.id, at: StorageFixtures.time(4)))
                let sent = try await storage.send(from: abe.id, to: [mary.id, tad.id], at: StorageFixtures.time(5))

                let notifications = try await storage.notifications(of: mary.id, page: PageRequest(limit: 100))
                #expect(notifications.map(\.kind) == [.message, .journalUnshared, .marked, .journalShared, .followed])
                #expect(notifications.allSatisfy { $0.actor == abe.id && $0.recipient == mary.id })
                #expect(notifications[0].conversation == sent.conversation.id)
                #expect(abs(notifications[0].createdAt.timeIntervalSince(StorageFixtures.time(5))) < 0.001, "to the millisecond")
                #expect(notifications[2].entry == entry.id)
                #expect(notifications.compactMap(\.id.integerValue) == notifications.compactMap(\.id.integerValue).sorted(by: >), "newest first")
                #expect(try await storage.notifications(of: tad.id, page: PageRequest(limit: 100)).map(\.kind) == [.message])
                #expect(try await storage.notifications(of: abe.id, page: PageRequest(limit: 100)).isEmpty, "nobody is told what they did")
            }
        }

        @Test("A refused edit is recorded on its own, with its revisions; pages go by notification ID", arguments: Backend.allCases)
        func addedAndPaged(backend: Backend) async throws {
            try await backend.withStorage { storage in
                let mary = try await storage.createAccount(named: "mary")
                let entry = try await storage.post(by: mary.id)
                for second in 0..<5 {
                    try await storage.addNotification(NewNotification(
                        recipient: mary.id, kind: .editRefused, actor: mary.id, entry: entry.id, baseRevision: second + 1, currentRevision: second + 2,
                        createdAt: StorageFixtures.time(second)
                    ))
                }
                let all = try await storage.notifications(of: mary.id, page: PageRequest(limit: 100))
                #expect(all.compactMap(\.baseRevision) == [5, 4, 3, 2, 1])
                #expect(all.first?.currentRevision == 6)
                let ids = all.compactMap(\.id.integerValue)
                let older = try await storage.notifications(of: mary.id, page: PageRequest(limit: 2, maxCursor: ids[1]))
                #expect(older.compactMap(\.id.integerValue) == [ids[2], ids[3]])
                let newer = try await storage.notifications(of: mary.id, page: PageRequest(limit: 100, sinceCursor: ids[2]))
                #expect(newer.compactMap(\.id.integerValue) == [ids[0], ids[1]])
            }
        }

        @Test("Reading up to an ID moves forward only", arguments: Backend.allCases)
        func readMarker(backend: Backend) async throws {
            try await backend.withStorage { storage in
                let mary = try await storage.createAccount(named: "mary")
                let abe = try await storage.createAccount(named: "abe")
                #expect(try await storage.notificationsReadUpTo(of: mary.id) == 0)
                #expect(try await storage.markNotificationsRead(of: mary.id, upTo: 7) == 7)
                #expect(try await storage.markNotificationsRead(of: mary.id, upTo: 3) == 7)
                #expect(try await storage.notificationsReadUpTo(of: mary.id) == 7)
                #expect(try await storage.notificationsReadUpTo(of: abe.id) == 0)
            }
        }

        @Test("Deleting the actor, the entry for good or the recipient takes the notifications with it", arguments: Backend.allCases)
        func goneWithTheirSubject(backend: Backend) async throws {
            try await backend.withStorage { storage in
                let mary = try await storage.createAccount(named: "mary")
                let abe = try await storage.createAccount(named: "abe")
                let tad = try await storage.createAccount(named: "tad")
                let entry = try await storage.post(by: mary.id)
                try await storage.mark(entry.id, by: tad.id, at: StorageFixtures.time(1))
                try await storage.follow(abe.id, mary.id, at: StorageFixtures.time(1))
                try await storage.follow(mary.id, tad.id, at: StorageFixtures.time(1))
                #expect(try await storage.notifications(of: mary.id, page: PageRequest(limit: 100)).count == 2)

                _ = try await storage.deleteAccount(id: abe.id)
                #expect(try await storage.notifications(of: mary.id, page: PageRequest(limit: 100)).map(\.kind) == [.marked])
                #expect(try await storage.deleteEntry(id: entry.id, at: StorageFixtures.time(2)))
                #expect(try await storage.notifications(of: mary.id, page: PageRequest(limit: 100)).count == 1, "the trash keeps it")
                #expect(try await storage.purgeTrash(deletedBefore: StorageFixtures.time(3)) == 1)
                #expect(try await storage.notifications(of: mary.id, page: PageRequest(limit: 100)).isEmpty)
                _ = try await storage.deleteAccount(id: tad.id)
                #expect(try await storage.notifications(of: tad.id, page: PageRequest(limit: 100)).isEmpty)
            }
        }
    }
}
