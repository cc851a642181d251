import Foundation
import QwinkleKit
import QwinkleServices
import QwinkleStorage
import Testing

/// Edits as suggestions, judged by the services over a real SQLite file: applied only from the current revision,
/// otherwise answered with the three-way merge and never applied.
@Suite("Edits")
struct EditServiceTests {
    @Test("An edit from the current revision becomes the next one, and every revision is kept whole")
    func appliedFromCurrent() async throws {
        let bed = try ServicesTestBed()
        defer { bed.remove() }
        let abe = try await bed.signUp("abe")
        let first = try await bed.post("A first thought", by: abe).entry
        var edit = first.content
        edit.body = "A second thought"
        edit.visibility = .followers

        guard case .applied(let shown) = try await bed.services.entries.suggest(edit, baseRevision: 1, to: first.id.rawValue, by: abe) else {
            Issue.record("an edit from the current revision was not applied")
            return
        }
        #expect(shown.entry.revision == 2)
        #expect(shown.entry.content == edit)
        let revisions = try await bed.services.entries.revisions(of: first.id.rawValue, by: abe)
        #expect(revisions.map(\.entry.content) == [first.content, edit])
    }

    @Test("An edit from an older revision is not applied: the answer is the merge, and its author is notified")
    func olderBaseIsAConflict() async throws {
        let bed = try ServicesTestBed()
        defer { bed.remove() }
        let abe = try await bed.signUp("abe")
        let entry = try await bed.post("The cat sat on the mat", by: abe).entry
        var theirs = entry.content
        theirs.body = "The cat sat on the rug"
        _ = try await bed.services.entries.suggest(theirs, baseRevision: 1, to: entry.id.rawValue, by: abe)
        var yours = entry.content
        yours.body = "The cat sat on the sofa"

        guard case .conflict(let shown) = try await bed.services.entries.suggest(yours, baseRevision: 1, to: entry.id.rawValue, by: abe) else {
            Issue.record("an edit from an older revision was applied")
            return
        }
        #expect(shown.conflict.baseRevision == 1)
        #expect(shown.conflict.theirs.revision == 2)
        #expect(shown.conflict.merged.body.contains("<<<<<<< theirs"))
        #expect(try await bed.services.entries.entry(id: entry.id.rawValue, viewer: Viewer(account: abe.id)).entry.body == theirs.body)
        #expect(try await bed.services.notifications.unreadCount(for: abe) == 1, "the refused edit is in the author's notifications")
    }

    @Test("Only the author edits: a reader is refused, and an entry they may not see does not exist for them")
    func onlyTheAuthor() async throws {
        let bed = try ServicesTestBed()
        defer { bed.remove() }
        let (abe, bea) = (try await bed.signUp("abe"), try await bed.signUp("bea"))
        let open = try await bed.post("For everyone", by: abe).entry
        let closed = try await bed.post("For me", by: abe, visibility: .private).entry

        await #expect(throws: ServiceError.self) {
            try await bed.services.entries.suggest(open.content, baseRevision: 1, to: open.id.rawValue, by: bea)
        }
        await #expect(throws: ServiceError.notFound("The entry \(closed.id)")) {
            try await bed.services.entries.suggest(closed.content, baseRevision: 1, to: closed.id.rawValue, by: bea)
        }
        #expect(try await bed.services.entries.revisions(of: open.id.rawValue, by: abe).count == 1)
    }

    @Test("An edit is held to the rules of a new entry, each broken one named by its field")
    func editsFollowTheRules() async throws {
        let bed = try ServicesTestBed()
        defer { bed.remove() }
        let abe = try await bed.signUp("abe")
        let entry = try await bed.post("Short", by: abe).entry
        var edit = entry.content
        edit.body = String(repeating: "a", count: 141)
        edit.photos = [AttachedPhoto(id: "999", alt: "")]

        do {
            _ = try await bed.services.entries.suggest(edit, baseRevision: 1, to: entry.id.rawValue, by: abe)
            Issue.record("a broken edit was applied")
        } catch ServiceError.invalid(let fields, _) {
            #expect(fields["body"] != nil)
            #expect(fields["photos.0.id"] == [EntryService.unattachablePhoto])
        }
    }
}
