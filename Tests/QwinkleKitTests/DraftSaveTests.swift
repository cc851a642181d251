import Foundation
import QwinkleKit
import Testing

/// Saving a draft from one client is suggesting it, as an edit is: applied from the current revision, merged (and
/// never applied) from an older one.
@Suite("Saving a draft")
struct DraftSaveTests {
    static let created = Date(timeIntervalSince1970: 1_795_000_000)
    static let later = Date(timeIntervalSince1970: 1_795_001_000)
    static let draft = Draft(
        id: "7", owner: "1", content: EntryContent(kind: .journal, body: "We walked to the lake and it rained.", visibility: .journal),
        createdAt: created, updatedAt: created
    )

    @Test("A save from the current revision is the next revision, saved at its time, even when it could not be posted yet")
    func saved() throws {
        let long = EntryContent(kind: .update, body: String(repeating: "a", count: 200), visibility: .public)
        #expect(!long.assessed().canPost)
        let resolution = try DraftSave(baseRevision: 1, content: long).resolve(against: Self.draft, base: Self.draft.content, savedAt: Self.later)
        guard case .saved(let saved) = resolution else { Issue.record("not saved: \(resolution)"); return }
        #expect(saved.content == long)
        #expect(saved.revision == 2)
        #expect(saved.updatedAt == Self.later)
        #expect(saved.createdAt == Self.created)
    }

    @Test("A save that changes nothing gives the draft back at its revision")
    func unchanged() throws {
        let resolution = try DraftSave(baseRevision: 1, content: Self.draft.content).resolve(against: Self.draft, base: Self.draft.content, savedAt: Self.later)
        #expect(resolution == .saved(Self.draft))
    }

    @Test("A save from an older revision is the three-way merge and never applied, even when clean")
    func merged() throws {
        var theirs = Self.draft
        theirs.content.body = "We walked to the old lake and it rained."
        theirs.revision = 2
        var yours = Self.draft.content
        yours.body = "We walked to the lake and it snowed."
        yours.visibility = .private
        let resolution = try DraftSave(baseRevision: 1, content: yours).resolve(against: theirs, base: Self.draft.content, savedAt: Self.later)
        guard case .conflict(let conflict) = resolution else { Issue.record("applied: \(resolution)"); return }
        #expect(conflict.conflicts.isEmpty)
        #expect(conflict.merged.body == "We walked to the old lake and it snowed.")
        #expect(conflict.merged.visibility == .private)
        #expect(conflict.theirs == theirs)
        #expect(conflict.resolvingSave == DraftSave(baseRevision: 2, content: conflict.merged))
        #expect(conflict.message.contains("merge is clean"))
    }

    @Test("A save from a revision the draft never had, or no longer keeps, is refused")
    func unknownBase() {
        var theirs = Self.draft
        theirs.revision = 5
        #expect(throws: DraftRejection.unknownBaseRevision(6, current: 5)) {
            try DraftSave(baseRevision: 6, content: Self.draft.content).resolve(against: theirs, base: Self.draft.content, savedAt: Self.later)
        }
        #expect(throws: DraftRejection.unknownBaseRevision(2, current: 5)) {
            try DraftSave(baseRevision: 2, content: Self.draft.content).resolve(against: theirs, base: nil, savedAt: Self.later)
        }
    }

    @Test("A draft reads back from its JSON as it was written")
    func coding() throws {
        let dream = try Draft(
            id: "8", owner: "1",
            content: EntryContent(
                kind: .dream(DreamDetails(creature: .shark, effects: [.snow, .rain], numberOfCreatures: #require(CreatureCount(2)))), body: "",
                photos: [AttachedPhoto(id: "3", alt: "A shark")], visibility: .followers
            ),
            revision: 4, createdAt: Self.created, updatedAt: Self.later
        )
        #expect(try QwinkleJSON.decode(Draft.self, from: QwinkleJSON.encode(dream)) == dream)
    }
}
