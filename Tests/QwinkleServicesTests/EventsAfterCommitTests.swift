import Foundation
import QwinkleKit
import QwinkleServices
import QwinkleStorage
import QwinkleStorageSQL
import QwinkleStorageSQLite
import Testing

/// Services tell the event bus of a write after it is stored, and of nothing that was not.
@Suite("Events after commit")
struct EventsAfterCommitTests {
    @Test("A new entry is told with its author once it is stored; a replayed key and a refused draft tell nothing")
    func created() async throws {
        let bed = try ServicesTestBed()
        defer { bed.remove() }
        let abe = try await bed.signUp("abe")
        let recorder = EventRecorder(bed.bus)
        let first = try await bed.post("once", by: abe, key: "k")
        _ = try await bed.post("once", by: abe, key: "k")
        await #expect(throws: ServiceError.self) { try await bed.post("", by: abe) }
        let stored = try #require(try await bed.storage.entry(id: first.entry.id))
        #expect(await recorder.events() == [.created(stored, author: abe)])
    }

    @Test("A delete is told once; a refused delete, by someone who is not the author, tells nothing and deletes nothing")
    func deleted() async throws {
        let bed = try ServicesTestBed()
        defer { bed.remove() }
        let abe = try await bed.signUp("abe")
        let mary = try await bed.signUp("mary")
        let entry = try await bed.post("bye", by: abe).entry
        let recorder = EventRecorder(bed.bus)
        await #expect(throws: ServiceError.forbidden("Only the author can delete an entry.")) {
            try await bed.services.entries.delete(id: entry.id.rawValue, by: mary)
        }
        #expect(try await bed.storage.entry(id: entry.id) != nil)
        try await bed.services.entries.delete(id: entry.id.rawValue, by: abe)
        #expect(await recorder.events() == [.deleted(entry)])
    }

    @Test("Following and sharing a journal tell whose relations changed and who was notified; logging out tells which session ended")
    func relationsAndSessions() async throws {
        let bed = try ServicesTestBed()
        defer { bed.remove() }
        let abe = try await bed.signUp("abe")
        let mary = try await bed.signUp("mary")
        let session = try await bed.services.accounts.logIn(username: "mary", password: "correct horse", client: "tests")
        let recorder = EventRecorder(bed.bus)
        _ = try await bed.services.social.follow("abe", by: mary)
        _ = try await bed.services.social.addJournalReader("mary", by: abe)
        try await bed.services.accounts.logOut(token: session.token)
        let events = await recorder.events()
        #expect(events.count == 5)
        #expect(events.prefix(4) == [.relationsChanged(of: mary.id), .notified(abe.id), .relationsChanged(of: mary.id), .notified(mary.id)])
        guard case .signedOut(let hash) = events.last else {
            Issue.record("expected a signed-out event, got \(events)")
            return
        }
        #expect(hash != session.token, "the event carries the token's hash, not the token")
        #expect(try await bed.services.accounts.account(token: session.token) == nil)
    }
}
