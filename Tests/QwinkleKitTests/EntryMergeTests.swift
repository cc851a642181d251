import PropertyBased
import QwinkleKit
import Testing

@Suite("Merging an entry part by part")
struct EntryMergeTests {
    static let dream = DreamDetails(creature: .unicorn(.pink), effects: [.rain, .magic], numberOfCreatures: CreatureCount(2)!)
    static let base = EntryContent(kind: .dream(dream), body: "A pink unicorn in the rain.", visibility: .journal)

    private func editing(_ edit: (inout EntryContent) -> Void) -> EntryContent {
        var content = Self.base
        edit(&content)
        return content
    }

    private func editingDream(_ edit: (inout DreamDetails) -> Void) -> EntryContent {
        editing { content in
            var details = Self.dream
            edit(&details)
            content.kind = .dream(details)
        }
    }

    @Test("An effect you added and one they removed both take effect")
    func effects() {
        let merge = EntryMerge(
            base: Self.base,
            theirs: editingDream { $0.effects.remove(.rain) },
            yours: editingDream { $0.effects.insert(.snow) }
        )
        #expect(merge.isClean)
        #expect(merge.merged.dream?.effects == [.magic, .snow])
    }

    @Test("Their new creature and your new count merge field by field")
    func creatureAndCount() {
        let merge = EntryMerge(
            base: Self.base,
            theirs: editingDream { $0.creature = .dragon },
            yours: editingDream { $0.numberOfCreatures = CreatureCount(5)! }
        )
        #expect(merge.isClean)
        #expect(merge.merged.dream == DreamDetails(creature: .dragon, effects: [.rain, .magic], numberOfCreatures: CreatureCount(5)!))
    }

    @Test("Two different new creatures conflict; the merged dream keeps theirs until someone chooses")
    func creatureConflict() {
        let merge = EntryMerge(
            base: Self.base,
            theirs: editingDream { $0.creature = .dragon },
            yours: editingDream { $0.creature = .shark }
        )
        #expect(merge.conflicts == [.creature(ConflictingValues(base: .unicorn(.pink), theirs: .dragon, yours: .shark))])
        #expect(merge.merged.dream?.creature == .dragon)
        #expect(merge.conflicts.map(\.part) == [.creature])
    }

    @Test("Each part conflicts on its own: visibility, count and body, with the other parts merged")
    func severalConflicts() {
        let theirs = editing {
            $0.visibility = .public
            $0.body = "A white unicorn in the rain."
            $0.kind = .dream(DreamDetails(creature: .unicorn(.pink), effects: [.rain, .magic], numberOfCreatures: CreatureCount(3)!))
        }
        let yours = editing {
            $0.visibility = .private
            $0.body = "A yellow unicorn in the rain."
            $0.photos = [AttachedPhoto(id: "ph_1", alt: "Sketch")]
            $0.kind = .dream(DreamDetails(creature: .unicorn(.pink), effects: [.rain, .magic], numberOfCreatures: CreatureCount(4)!))
        }
        let merge = EntryMerge(base: Self.base, theirs: theirs, yours: yours)
        #expect(merge.conflicts.map(\.part) == [.body, .visibility, .count])
        #expect(merge.merged.visibility == .public)
        #expect(merge.merged.photos == [AttachedPhoto(id: "ph_1", alt: "Sketch")])
        #expect(ConflictMarkers.hasUnresolvedConflict(in: merge.merged.body))
        #expect(merge.conflicts.first == .body(ConflictingValues(base: "pink", theirs: "white", yours: "yellow")))
    }

    @Test("Turning the dream into a journal entry while the other side edits the dream is a kind conflict")
    func kindConflict() {
        let merge = EntryMerge(
            base: Self.base,
            theirs: editing { $0.kind = .journal },
            yours: editingDream { $0.creature = .crusty }
        )
        #expect(merge.conflicts.map(\.part) == [.kind])
        #expect(merge.merged.kind == .journal)
    }

    @Test("Photos merge as one field: both changing them differently is a conflict")
    func photos() {
        let merge = EntryMerge(
            base: Self.base,
            theirs: editing { $0.photos = [AttachedPhoto(id: "ph_1")] },
            yours: editing { $0.photos = [AttachedPhoto(id: "ph_2")] }
        )
        #expect(merge.conflicts == [.photos(ConflictingValues(base: [], theirs: [AttachedPhoto(id: "ph_1")], yours: [AttachedPhoto(id: "ph_2")]))])
    }

    @Test("Effects merge as base + their additions + yours − their removals − yours")
    func effectsProperty() async {
        let effects = Gen<DreamEffect>.case.set(ofAtMost: 0...6)
        await propertyCheck(input: effects, effects, effects) { base, theirs, yours in
            func content(_ effects: Set<DreamEffect>) -> EntryContent {
                EntryContent(kind: .dream(DreamDetails(creature: .shark, effects: effects)), body: "", visibility: .private)
            }
            let merge = EntryMerge(base: content(base), theirs: content(theirs), yours: content(yours))
            let expected = base.union(theirs.subtracting(base)).union(yours.subtracting(base))
                .subtracting(base.subtracting(theirs)).subtracting(base.subtracting(yours))
            #expect(merge.isClean)
            #expect(merge.merged.dream?.effects == expected)
        }
    }

    @Test("A merge where one side changed nothing, or both made the same change, is that change, cleanly",
          arguments: OneChange.allCases)
    func oneChange(_ oneChange: OneChange) async {
        await propertyCheck(input: MergeGenerators.content, MergeGenerators.content) { base, changed in
            let (theirs, yours) = oneChange.sides(base: base, changed: changed)
            let merge = EntryMerge(base: base, theirs: theirs, yours: yours)
            #expect(merge.isClean && merge.merged == changed)
        }
    }
}
