import Foundation
import QwinkleKit
import QwinkleServices
import QwinkleStorage
import Testing

/// Drafts kept by the server: saved like suggested edits, and their owner's alone.
@Suite("Drafts")
struct DraftServiceTests {
    @Test("A save from the current revision is the next one; one from an older revision stores nothing and answers the merge")
    func savesAndConflicts() async throws {
        let bed = try ServicesTestBed()
        defer { bed.remove() }
        let abe = try await bed.signUp("abe")
        let draft = try await bed.services.drafts.create(EntryContent(kind: .update, body: "Half a thought", visibility: .followers), by: abe)
        var phone = draft.content
        phone.body = "Half a thought, on the phone"
        var laptop = draft.content
        laptop.body = "Half a thought, on the laptop"

        guard case .saved(let saved) = try await bed.services.drafts.save(phone, baseRevision: 1, to: draft.id.rawValue, by: abe) else {
            Issue.record("a save from the current revision was refused")
            return
        }
        #expect(saved.revision == 2)
        guard case .conflict(let conflict) = try await bed.services.drafts.save(laptop, baseRevision: 1, to: draft.id.rawValue, by: abe) else {
            Issue.record("a save from an older revision was applied")
            return
        }
        #expect(conflict.theirs.content == phone)
        #expect(conflict.merged.body.contains("<<<<<<< theirs"))
        #expect(try await bed.services.drafts.draft(id: draft.id.rawValue, by: abe).content == phone, "nothing was stored")
    }

    @Test("A draft is its owner's alone: to anyone else it does not exist")
    func ownersAlone() async throws {
        let bed = try ServicesTestBed()
        defer { bed.remove() }
        let (abe, bea) = (try await bed.signUp("abe"), try await bed.signUp("bea"))
        let draft = try await bed.services.drafts.create(EntryContent(kind: .journal, body: "Dear diary", visibility: .journal), by: abe)

        await #expect(throws: ServiceError.notFound("The draft \(draft.id)")) { try await bed.services.drafts.draft(id: draft.id.rawValue, by: bea) }
        await #expect(throws: ServiceError.notFound("The draft \(draft.id)")) { try await bed.services.drafts.delete(id: draft.id.rawValue, by: bea) }
        #expect(try await bed.services.drafts.drafts(of: bea, page: PageRequest(limit: 10)).items.isEmpty)
        #expect(try await bed.services.drafts.draft(id: draft.id.rawValue, by: abe).content.body == "Dear diary")
    }

    @Test("A draft may be longer than an entry, up to a draft's own limit")
    func longerThanAnEntry() async throws {
        let bed = try ServicesTestBed()
        defer { bed.remove() }
        let abe = try await bed.signUp("abe")
        let long = EntryContent(kind: .update, body: String(repeating: "a", count: 500), visibility: .public)
        #expect(try await bed.services.drafts.create(long, by: abe).content == long)
        let tooLong = EntryContent(kind: .update, body: String(repeating: "a", count: Draft.maxBodyCharacters + 1), visibility: .public)
        await #expect(throws: ServiceError.self) { try await bed.services.drafts.create(tooLong, by: abe) }
    }
}
