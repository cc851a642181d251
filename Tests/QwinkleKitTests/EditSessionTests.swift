import Foundation
import QwinkleKit
import Testing

/// Talk 004's Edit, Cancel and Done: edits work on a copy and Done suggests a new value to the owner of the truth.
@Suite("Editing an entry")
struct EditSessionTests {
    static let journal = Entry(
        id: "ent_j", author: "acc_1", content: EntryContent(kind: .journal, body: "I dreamt of a pink unicorn. It was raining.", visibility: .journal), createdAt: Fixtures.created
    )
    static let later = Date(timeIntervalSince1970: 1_795_001_000)

    /// The entry as someone else changed it meanwhile, at the next revision.
    private func changed(_ entry: Entry, _ edit: (inout EntryContent) -> Void) -> Entry {
        var changed = entry
        edit(&changed.content)
        changed.revision += 1
        return changed
    }

    /// Your edit of an entry's body, resolved by the owner after they changed its body to `theirBody` meanwhile.
    private func concurrentEdit(of entry: Entry = Self.journal, yourBody: String, theirBody: String) throws
        -> (resolution: EditResolution, session: EditSession, theirs: Entry)
    {
        var session = EditSession(editing: entry)
        session.draft.body = yourBody
        let theirs = changed(entry) { $0.body = theirBody }
        return (try session.done().resolve(against: theirs, base: entry, editedAt: Self.later), session, theirs)
    }

    @Test("Cancel gives back the entry as it was, whatever the draft became")
    func cancel() {
        var session = EditSession(editing: Self.journal)
        session.draft.body = "Half an edit"
        #expect(session.hasChanges)
        #expect(session.cancel() == Self.journal)
    }

    @Test("Done suggests the draft from the entry's revision; the owner applies it at the next revision")
    func doneApplies() throws {
        var session = EditSession(editing: Self.journal)
        session.draft.body = "I dreamt of a white unicorn. It was raining."
        let suggestion = session.done()
        #expect(suggestion.baseRevision == 1)

        let resolution = try suggestion.resolve(against: Self.journal, base: Self.journal, editedAt: Self.later)
        var expected = Self.journal
        expected.body = "I dreamt of a white unicorn. It was raining."
        expected.revision = 2
        expected.editedAt = Self.later
        #expect(resolution == .applied(expected))
    }

    @Test("An edit that changes nothing gives the entry back at its revision")
    func noChange() throws {
        let suggestion = EditSession(editing: Self.journal).done()
        #expect(try suggestion.resolve(against: Self.journal, base: Self.journal, editedAt: Self.later) == .applied(Self.journal))
    }

    @Test("The length rule applies to an edit as to a new entry: making a long journal entry public is refused")
    func lengthRule() throws {
        var session = EditSession(editing: Self.journal)
        session.draft.body = String(repeating: "a", count: 141)
        try session.done().validate()
        session.draft.visibility = .public
        #expect(session.assessed().remaining == -1)
        #expect(throws: EditRejection.invalid([.tooLong(by: 1)])) {
            try session.done().resolve(against: Self.journal, base: Self.journal, editedAt: Self.later)
        }
    }

    @Test("Five photos, or nothing at all, are refused with the rule's reasons")
    func otherProblems() {
        var session = EditSession(editing: Self.journal)
        session.draft.photos = (1...5).map { AttachedPhoto(id: Photo.ID(rawValue: "ph_\($0)")!) }
        #expect(throws: EditRejection.invalid([.tooManyPhotos(maximum: 4)])) { try session.done().validate() }
        session.draft.photos = []
        session.draft.body = "  "
        #expect(throws: EditRejection.invalid([.empty])) { try session.done().validate() }
    }

    @Test("A change made meanwhile to another part merges cleanly, but is proposed, not applied; suggesting the merge applies it")
    func cleanMerge() throws {
        let edit = try concurrentEdit(
            yourBody: "I dreamt of a pink unicorn. It was snowing.", theirBody: "I dreamt of a white unicorn. It was raining."
        )
        let conflict = try #require(edit.resolution.conflict)
        #expect(conflict.conflicts.isEmpty && conflict.problems.isEmpty)
        #expect(conflict.merged.body == "I dreamt of a white unicorn. It was snowing.")
        let applied = try conflict.resolvingSession.done().resolve(against: edit.theirs, base: edit.theirs, editedAt: Self.later)
        let entry = try #require(applied.appliedEntry)
        #expect(entry.body == "I dreamt of a white unicorn. It was snowing.")
        #expect(entry.revision == 3 && entry.editedAt == Self.later)
    }

    @Test("Overlapping changes are a conflict with base, theirs, yours and merged; resolving it applies")
    func conflictThenResolve() throws {
        let (resolution, session, theirs) = try concurrentEdit(
            yourBody: "I dreamt of a yellow unicorn. It was raining.", theirBody: "I dreamt of a white unicorn. It was raining."
        )
        let conflict = try #require(resolution.conflict)
        #expect(conflict.baseRevision == 1 && conflict.base == Self.journal.content)
        #expect(conflict.theirs == theirs && conflict.yours == session.draft)
        #expect(conflict.conflicts == [.body(ConflictingValues(base: "pink", theirs: "white", yours: "yellow"))])
        #expect(ConflictMarkers.hasUnresolvedConflict(in: conflict.merged.body))

        var resolving = conflict.resolvingSession
        #expect(throws: EditRejection.unresolvedConflict) { try resolving.done().validate() }
        resolving.draft.body = "I dreamt of a white and yellow unicorn. It was raining."
        let suggestion = resolving.done()
        #expect(suggestion.baseRevision == 2)
        let applied = try suggestion.resolve(against: theirs, base: theirs, editedAt: Self.later)
        #expect(applied == .applied({
            var entry = theirs
            entry.body = "I dreamt of a white and yellow unicorn. It was raining."
            entry.revision = 3
            entry.editedAt = Self.later
            return entry
        }()))
    }

    @Test("Two edits that merge cleanly but together break the length rule are a conflict, not a bad entry")
    func mergedTooLong() throws {
        let short = Entry(id: "ent_s", author: "acc_1", content: EntryContent(kind: .update, body: "Start. End.", visibility: .public), createdAt: Fixtures.created)
        let padding = String(repeating: "x", count: 70)
        let edit = try concurrentEdit(of: short, yourBody: "Start \(padding). End.", theirBody: "Start. End \(padding).")
        let conflict = try #require(edit.resolution.conflict)
        #expect(conflict.conflicts.isEmpty)
        #expect(conflict.merged.body == "Start \(padding). End \(padding).")
        #expect(conflict.problems == [.tooLong(by: 153 - 140)])
    }

    @Test("A base revision the entry never had, or the wrong base, is refused")
    func badRevisions() {
        let current = changed(Self.journal) { $0.body = "Changed." }
        let content = Self.journal.content
        #expect(throws: EditRejection.unknownBaseRevision(3, current: 2)) {
            try EntrySuggestion(baseRevision: 3, content: content).resolve(against: current, base: current, editedAt: Self.later)
        }
        #expect(throws: EditRejection.unknownBaseRevision(0, current: 2)) {
            try EntrySuggestion(baseRevision: 0, content: content).resolve(against: current, base: current, editedAt: Self.later)
        }
        #expect(throws: EditRejection.baseMismatch) {
            try EntrySuggestion(baseRevision: 1, content: content).resolve(against: current, base: current, editedAt: Self.later)
        }
        #expect(throws: EditRejection.baseMismatch) {
            try EntrySuggestion(baseRevision: 1, content: content).resolve(against: current, base: Fixtures.update, editedAt: Self.later)
        }
    }

    @Test("A suggestion's JSON is the body of PUT /api/qwinkle/v1/entries/{id}, with snake_case keys")
    func json() throws {
        let suggestion = EntrySuggestion(
            baseRevision: 2,
            content: EntryContent(
                kind: .dream(Fixtures.dream), body: "Rain", photos: [AttachedPhoto(id: "ph_1", alt: "Wet")], visibility: .journal
            )
        )
        #expect(try Fixtures.json(suggestion) == """
            {"base_revision":2,"body":"Rain","dream":{"creature":"unicorn_pink","effects":["laser_focus","rain"],\
            "number_of_creatures":3},"kind":"dream","photos":[{"alt":"Wet","id":"ph_1"}],"visibility":"journal"}
            """)
        #expect(try Fixtures.decode(EntrySuggestion.self, Fixtures.json(suggestion)) == suggestion)
    }

    @Test("A suggestion without a valid base revision or kind does not decode", arguments: [
        #"{"base_revision":0,"body":"a","kind":"update","visibility":"public"}"#,
        #"{"body":"a","kind":"update","visibility":"public"}"#,
        #"{"base_revision":1,"body":"a","kind":"dream","visibility":"public"}"#,
        #"{"base_revision":1,"body":"a","kind":"story","visibility":"public"}"#,
    ])
    func badJSON(json: String) {
        #expect(throws: DecodingError.self) { try Fixtures.decode(EntrySuggestion.self, json) }
    }

    @Test("Every rejection has a distinct code and a message")
    func rejectionsReadWell() {
        let rejections: [EditRejection] = [.invalid([.empty]), .unresolvedConflict, .unknownBaseRevision(3, current: 2), .baseMismatch]
        #expect(Set(rejections.map(\.code)).count == rejections.count)
        #expect(rejections.allSatisfy { $0.message.hasSuffix(".") })
    }
}

extension EditResolution {
    /// The applied entry, if the edit applied.
    var appliedEntry: Entry? {
        if case .applied(let entry) = self { entry } else { nil }
    }

    /// The conflict, if there was one.
    var conflict: EditConflict? {
        if case .conflict(let conflict) = self { conflict } else { nil }
    }
}
