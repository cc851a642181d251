import PropertyBased
import QwinkleKit
import Testing

/// Talk 001's undo: whole model values, one code path, the UI updated from a diff.
@Suite("Undo by whole values")
struct UndoHistoryTests {
    static let model = DreamListModel(entries: Fixtures.dreams, favoriteCreature: .unicorn(.pink))

    @Test("Changing the favourite creature, then undoing, gives it back, and the diff says to reload its section")
    func favoriteCreature() throws {
        var history = UndoHistory(Self.model)
        history.change { $0.favoriteCreature = .dragon }
        #expect(history.current.favoriteCreature == .dragon)

        let undone = history.undo()
        let change = try #require(undone)
        #expect(history.current.favoriteCreature == .unicorn(.pink))
        #expect(history.current == Self.model)
        #expect(change.difference.favoriteCreatureChanged)
        #expect(change.difference.entries.isEmpty)
    }

    @Test("A dream edit goes through the same path: undo restores it, and the diff reloads its one row")
    func dreamEdit() throws {
        var history = UndoHistory(Self.model)
        history.change { model in
            guard var dream = model[Fixtures.dreams[1].id] else { return }
            dream.kind = .dream(DreamDetails(creature: .shark, effects: [.fireBreathing]))
            model.update(dream)
        }
        #expect(history.current[Fixtures.dreams[1].id]?.dream?.creature == .shark)

        let undone = history.undo()
        let change = try #require(undone)
        #expect(history.current == Self.model)
        #expect(change.difference.entries.updates.map(\.newIndex) == [1])
        #expect(change.difference.entries.updates.first?.element == Fixtures.dreams[1])
        #expect(!change.difference.favoriteCreatureChanged)
    }

    @Test("Redo puts back what undo took away; a new change after undo forgets the redo")
    func redo() throws {
        var history = UndoHistory(Self.model)
        history.change { $0.remove(Fixtures.dreams[0].id) }
        _ = history.undo()
        let step = history.redo()
        let redone = try #require(step)
        #expect(redone.difference.entries.deletions == [0])
        #expect(history.current.count == 2)

        _ = history.undo()
        history.change { $0.favoriteCreature = nil }
        #expect(!history.canRedo)
        let nothing = history.redo()
        #expect(nothing == nil)
    }

    @Test("Recording the current value again is not a step")
    func unchanged() {
        var history = UndoHistory(Self.model)
        let change = history.change { $0.favoriteCreature = .unicorn(.pink) }
        #expect(change == nil)
        #expect(!history.canUndo)
    }

    @Test("The depth is bounded: the oldest steps are dropped")
    func bounded() {
        var history = UndoHistory(0, limit: 3)
        for value in 1...5 {
            history.record(value)
        }
        #expect(history.undoCount == 3)
        while history.undo() != nil {}
        #expect(history.current == 2)
        #expect(history.redoCount == 3)
    }

    @Test("For any values and depth: undo walks back through them in order, redo walks forward again")
    func undoRedoProperty() async {
        await propertyCheck(input: Gen.int(in: 0...5).array(of: 0...20), Gen.int(in: 0...10)) { values, limit in
            var history = UndoHistory("start", limit: limit)
            var seen = ["start"]
            for value in values where history.record("v\(value)") != nil {
                seen.append("v\(value)")
            }
            let kept = min(limit, seen.count - 1)
            var undone: [String] = []
            while history.undo() != nil {
                undone.append(history.current)
            }
            #expect(undone == Array(seen.dropLast().suffix(kept).reversed()))
            while history.redo() != nil {}
            #expect(history.current == seen.last)
        }
    }
}
