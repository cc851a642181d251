import Foundation
import QwinkleKit
import QwinkleStorage
import Testing

extension StorageConformance {
    @Suite("Reports and moderation")
    struct Moderation {
        @Test("A report keeps its entries as given, and pages newest first by state and account", arguments: Backend.allCases)
        func reports(backend: Backend) async throws {
            try await backend.withStorage { storage in
                let abe = try await storage.createAccount(named: "abe")
                let troll = try await storage.createAccount(named: "troll")
                let entry = try await storage.post(by: troll.id, body: "Rude")
                let first = try await storage.createReport(
                    NewReport(reporter: .account(abe.id), account: troll.id, entries: [entry, entry], comment: "mean"), at: StorageFixtures.time(1)
                )
                #expect(first.reporter == .account(abe.id) && first.state == .open && first.comment == "mean")
                #expect(first.entries.map(\.id) == [entry.id] && first.entries.map(\.entry.body) == ["Rude"], "each entry once, as it was")
                let second = try await storage.createReport(NewReport(reporter: .server("far.example"), account: abe.id), at: StorageFixtures.time(2))
                #expect(second.reporter == .server("far.example"))
                #expect(try await storage.report(id: first.id) == first)
                #expect(try await storage.reports(open: true, account: nil, page: PageRequest(limit: 10)).map(\.item.id) == [second.id, first.id])
                #expect(try await storage.reports(open: nil, account: troll.id, page: PageRequest(limit: 10)).map(\.item.id) == [first.id])
                let page = try await storage.reports(open: nil, account: nil, page: PageRequest(limit: 1))
                #expect(try await storage.reports(open: nil, account: nil, page: PageRequest(limit: 1, maxCursor: page.last?.cursor)).map(\.item.id) == [first.id])
                _ = try await storage.deleteAccount(id: abe.id)
                #expect(try await storage.report(id: first.id)?.reporter == .departed, "a report outlives its reporter")
                #expect(try await storage.report(id: second.id) == nil, "a report of a deleted account goes with it")
            }
        }

        @Test("A decision changes the standing, ends a suspended account's sessions, resolves its report and is logged, whole", arguments: Backend.allCases)
        func decisions(backend: Backend) async throws {
            try await backend.withStorage { storage in
                let mod = try await storage.createAccount(named: "mod")
                let troll = try await storage.createAccount(named: "troll")
                let other = try await storage.createAccount(named: "other")
                try await storage.storeToken(hash: "phone", for: troll.id, createdAt: StorageFixtures.time(0), client: "Firefox/140")
                let rude = try await storage.post(by: troll.id, body: "Rude")
                let report = try await storage.createReport(NewReport(reporter: .account(other.id), account: troll.id, entries: [rude]), at: StorageFixtures.time(1))
                let elsewhere = try await storage.createReport(NewReport(reporter: .account(troll.id), account: other.id), at: StorageFixtures.time(1))

                #expect(try await storage.moderate(ModerationStep(moderator: nil, action: .grantModerator, account: mod.id), at: StorageFixtures.time(2)) != nil)
                #expect(try await storage.isModerator(mod.id))
                #expect(try await !storage.isModerator(troll.id))
                #expect(try await storage.moderators().map(\.username) == ["mod"])
                let mismatched = ModerationStep(moderator: mod.id, action: .suspend, account: troll.id, report: elsewhere.id)
                #expect(try await storage.moderate(mismatched, at: StorageFixtures.time(3)) == nil, "a report of someone else")
                #expect(try await storage.account(id: troll.id)?.standing == .good, "which changes nothing")

                let suspended = try #require(
                    try await storage.moderate(ModerationStep(moderator: mod.id, action: .suspend, account: troll.id, report: report.id, note: "spam"), at: StorageFixtures.time(4))
                )
                #expect(suspended.endedTokenHashes == ["phone"])
                #expect(try await storage.account(tokenHash: "phone") == nil)
                #expect(try await storage.account(id: troll.id)?.standing == .suspended)
                #expect(try await storage.standings() == [troll.id: .suspended])
                #expect(try await storage.relations(of: other.id).suspended == [troll.id])
                guard case .resolved(let resolver, let at) = try await storage.report(id: report.id)?.state else {
                    Issue.record("the report is resolved")
                    return
                }
                #expect(resolver == mod.id && abs(at.timeIntervalSince(StorageFixtures.time(4))) < 0.001, "by the moderator, to the millisecond")
                #expect(try await storage.accounts(standing: .suspended, local: true, page: PageRequest(limit: 10)).map(\.item.id) == [troll.id])
                #expect(try await storage.accounts(standing: .good, local: nil, page: PageRequest(limit: 10)).map(\.item.id) == [other.id, mod.id])
                #expect(try await storage.accounts(standing: nil, local: false, page: PageRequest(limit: 10)).isEmpty)

                _ = try await storage.moderate(ModerationStep(moderator: mod.id, action: .limit, account: troll.id), at: StorageFixtures.time(5))
                #expect(try await storage.relations(of: other.id).limited == [troll.id])
                #expect(try await storage.relations(of: other.id).suspended.isEmpty)
                _ = try await storage.moderate(ModerationStep(moderator: mod.id, action: .restore, account: troll.id), at: StorageFixtures.time(6))
                #expect(try await storage.standings().isEmpty)

                let log = try await storage.moderationLog(account: troll.id, page: PageRequest(limit: 10)).map(\.item)
                #expect(log.map(\.action) == [.restore, .limit, .suspend])
                #expect(log.last?.note == "spam" && log.last?.report == report.id && log.last?.moderator == mod.id)
                #expect(try await storage.moderationLog(account: nil, page: PageRequest(limit: 10)).count == 4, "the grant too")
            }
        }

        @Test("Removing a report's entries puts them in their author's trash for good, and takes no one else's", arguments: Backend.allCases)
        func removal(backend: Backend) async throws {
            try await backend.withStorage { storage in
                let abe = try await storage.createAccount(named: "abe")
                let troll = try await storage.createAccount(named: "troll")
                let rude = try await storage.post(by: troll.id, body: "Rude")
                let trashed = try await storage.post(by: troll.id, body: "Deleted already")
                let kept = try await storage.post(by: troll.id, body: "Kind")
                #expect(try await storage.deleteEntry(id: trashed.id, at: StorageFixtures.time(1)))
                let report = try await storage.createReport(
                    NewReport(reporter: .account(abe.id), account: troll.id, entries: [rude, trashed]), at: StorageFixtures.time(2)
                )
                let outcome = try #require(
                    try await storage.moderate(ModerationStep(moderator: abe.id, action: .deleteEntries, account: troll.id, report: report.id), at: StorageFixtures.time(3))
                )
                #expect(outcome.removedEntries.map(\.id) == [rude.id])
                #expect(try await storage.entry(id: rude.id) == nil)
                #expect(try await storage.entry(id: kept.id) != nil)
                #expect(try await storage.restoreDeletedEntry(id: rude.id) == nil)
                #expect(try await storage.restoreDeletedEntry(id: trashed.id) == nil, "one deleted before is removed too")
                #expect(try await storage.trash(of: troll.id, page: PageRequest(limit: 10)).count == 2)
            }
        }
    }
}

extension StorageConformance.Moderation {
    @Test("A limited server's people are limited, those kept before and after; its deliveries are taken; lifting it lifts them", arguments: Backend.allCases)
    func limitedDomain(backend: Backend) async throws {
        try await backend.withStorage { storage in
            let abe = try await storage.createAccount(named: "abe")
            let zed = try await storage.storeRemoteActor(StorageConformance.RemoteAccountStorage.actor("zed", host: "sub.loud.example"), at: StorageFixtures.time(0))
            let amy = try await storage.storeRemoteActor(StorageConformance.RemoteAccountStorage.actor("amy", host: "quiet.example"), at: StorageFixtures.time(0))
            try await storage.follow(abe.id, zed.id, at: StorageFixtures.time(1))

            let limited = try await storage.limitDomain("loud.example", at: StorageFixtures.time(2))
            #expect(limited.isNew && limited.limitedAccounts == 1)
            #expect(try await storage.limitDomain("loud.example", at: StorageFixtures.time(3)).isNew == false)
            let bea = try await storage.storeRemoteActor(StorageConformance.RemoteAccountStorage.actor("bea", host: "loud.example"), at: StorageFixtures.time(4))
            #expect(bea.standing == .limited, "one kept later is limited from the start")
            #expect(try await storage.standings() == [zed.id: .limited, bea.id: .limited])
            #expect(try await storage.account(id: amy.id)?.standing == .good)
            #expect(try await storage.isFollowing(abe.id, zed.id), "a limit ends no follow")
            #expect(try await !storage.isBlocked(url: "https://sub.loud.example/inbox"), "its deliveries are taken")
            #expect(try await storage.blockedDomains() == [BlockedDomain(domain: "loud.example", severity: .limit)])

            #expect(try await storage.blockDomain("loud.example", at: StorageFixtures.time(5)), "suspending a limited server is new")
            #expect(try await storage.isBlocked(url: "https://sub.loud.example/inbox"))
            #expect(try await storage.blockedDomains() == [BlockedDomain(domain: "loud.example", severity: .suspend)])
            _ = try await storage.limitDomain("loud.example", at: StorageFixtures.time(6))
            #expect(try await storage.unblockDomain("loud.example"))
            #expect(try await storage.standings().isEmpty, "lifting the limit lifts its people's")
        }
    }
}
