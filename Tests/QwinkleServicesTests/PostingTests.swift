import Foundation
import QwinkleKit
import QwinkleServices
import QwinkleStorage
import QwinkleStorageSQL
import QwinkleStorageSQLite
import Synchronization
import Testing

/// Post or schedule, decided once in the services for every front door: a time makes a scheduled entry that no
/// timeline shows until it is due; no time posts at once; either way a kept draft it continues is gone with it.
@Suite("Posting")
struct PostingTests {
    @Test("Without a time an entry is posted at once and shown; a draft it continues is deleted with it")
    func postsNow() async throws {
        let bed = try ServicesTestBed()
        defer { bed.remove() }
        let abe = try await bed.signUp("abe")
        let kept = try await bed.services.drafts.create(EntryContent(kind: .update, body: "Half a thought", visibility: .followers), by: abe)
        let posting = try await bed.services.post(
            EntryContent(kind: .update, body: "A whole thought", visibility: .followers), at: nil, by: abe, idempotencyKey: nil,
            savedDraft: kept.id.rawValue
        )
        guard case .posted(let shown) = posting else { Issue.record("expected a post, got \(posting)"); return }
        #expect(shown.entry.body == "A whole thought")
        #expect(shown.entry.visibility == .followers)
        let viewer = try await bed.services.accounts.viewer(for: abe)
        let mine = try await bed.services.timelines.page(.author(abe.id, viewer: abe.id), page: PageRequest(limit: 10), viewer: viewer)
        #expect(mine.items.map(\.entry.id) == [shown.entry.id])
        #expect(try await bed.services.drafts.drafts(of: abe, page: PageRequest(limit: 10)).items.isEmpty)
    }

    @Test("With a time an entry waits, unseen by any timeline, and its draft is taken; a time too soon changes nothing")
    func schedulesForLater() async throws {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let bed = try ServicesTestBed { now }
        defer { bed.remove() }
        let abe = try await bed.signUp("abe")
        let kept = try await bed.services.drafts.create(EntryContent(kind: .journal, body: "For tonight", visibility: .journal), by: abe)
        let draft = EntryContent(kind: .journal, body: "For tonight", visibility: .journal)

        await #expect(throws: ServiceError.self) {
            try await bed.services.post(draft, at: now.addingTimeInterval(60), by: abe, idempotencyKey: nil, savedDraft: kept.id.rawValue)
        }
        #expect(try await bed.services.drafts.drafts(of: abe, page: PageRequest(limit: 10)).items.map(\.id) == [kept.id])

        let later = now.addingTimeInterval(2 * 60 * 60)
        let posting = try await bed.services.post(draft, at: later, by: abe, idempotencyKey: nil, savedDraft: kept.id.rawValue)
        guard case .scheduled(let waiting) = posting else { Issue.record("expected a scheduled entry, got \(posting)"); return }
        #expect(waiting.scheduledAt == later)
        #expect(waiting.content.visibility == .journal)
        let viewer = try await bed.services.accounts.viewer(for: abe)
        #expect(try await bed.services.timelines.page(.author(abe.id, viewer: abe.id), page: PageRequest(limit: 10), viewer: viewer).items.isEmpty)
        #expect(try await bed.services.scheduled.scheduled(of: abe).map(\.id) == [waiting.id])
        #expect(try await bed.services.drafts.drafts(of: abe, page: PageRequest(limit: 10)).items.isEmpty)
    }
}
