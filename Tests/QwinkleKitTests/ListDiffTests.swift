import PropertyBased
import QwinkleKit
import Testing

/// A row for diff tests: an identity and a value that may change under it.
private struct Row: Identifiable, Equatable, Sendable, CustomStringConvertible {
    var id: Int
    var value: Int

    var description: String { "\(id):\(value)" }
}

/// Lists of rows with identifiers 0–15, so two lists share many; `unique` keeps the first row of each identifier.
private func rows(unique: Bool) -> Generator<[Row], some Sequence & SendableMetatype> {
    zip(Gen.int(in: 0...15), Gen.int(in: 0...2))
        .map { id, value in Row(id: id, value: value) }
        .array(of: 0...20)
        .map { rows in
            guard unique else { return rows }
            var seen = Set<Int>()
            return rows.filter { seen.insert($0.id).inserted }
        }
}

private func list(_ ids: [Int], value: Int = 0) -> [Row] {
    ids.map { Row(id: $0, value: value) }
}

@Suite("Diffing ordered lists by identity")
struct ListDiffTests {
    @Test("Applying the diff of two random lists to the old one gives the new one")
    func applyGivesNew() async {
        await propertyCheck(input: rows(unique: true), rows(unique: true)) { old, new in
            let diff = ListDiff(from: old, to: new)
            #expect(diff.applied(to: old) == new)
        }
    }

    @Test("Even with repeated identifiers, applying the diff gives the new list")
    func repeatedIdentifiers() async {
        await propertyCheck(input: rows(unique: false), rows(unique: false)) { old, new in
            #expect(ListDiff(from: old, to: new).applied(to: old) == new)
        }
    }

    @Test("A list diffed with itself has no changes")
    func identity() async {
        await propertyCheck(input: rows(unique: true)) { rows in
            #expect(ListDiff(from: rows, to: rows).isEmpty)
        }
    }

    @Test("Deletions are old indexes and insertions new indexes, as a table view's batch update expects")
    func indexConventions() {
        let old = list([1, 2, 3, 4])
        let new = list([1, 9, 3, 4, 8])
        let diff = ListDiff(from: old, to: new)
        #expect(diff.deletions == [1])
        #expect(diff.insertions.map(\.index) == [1, 4])
        #expect(diff.insertions.map(\.element.id) == [9, 8])
        #expect(diff.moves.isEmpty && diff.updates.isEmpty)
    }

    @Test("Moving the first row to the end is one move, not a move of every row")
    func oneMove() {
        let diff = ListDiff(from: list(Array(0..<100)), to: list(Array(1..<100) + [0]))
        #expect(diff.moves == [ListDiff<Row>.Move(from: 0, to: 99)])
        #expect(diff.deletions.isEmpty && diff.insertions.isEmpty && diff.updates.isEmpty)
    }

    @Test("Swapping two rows is one move")
    func swap() {
        let diff = ListDiff(from: list([1, 2, 3]), to: list([1, 3, 2]))
        #expect(diff.moves.count == 1)
        #expect(diff.applied(to: list([1, 2, 3])) == list([1, 3, 2]))
    }

    @Test("A changed value under the same identifier is an update with its old and new index")
    func updates() {
        let old = [Row(id: 1, value: 0), Row(id: 2, value: 0), Row(id: 3, value: 0)]
        let new = [Row(id: 2, value: 0), Row(id: 3, value: 7)]
        let diff = ListDiff(from: old, to: new)
        #expect(diff.updates == [ListDiff.Update(oldIndex: 2, newIndex: 1, element: Row(id: 3, value: 7))])
        #expect(diff.deletions == [0] && diff.moves.isEmpty)
    }

    @Test("A repeated identifier is deleted and inserted, never matched by guess")
    func duplicatesAreNotMatched() {
        let old = list([1, 1, 2])
        let new = list([1, 2])
        let diff = ListDiff(from: old, to: new)
        #expect(diff.deletions == [0, 1])
        #expect(diff.insertions.map(\.index) == [0])
        #expect(diff.applied(to: old) == new)
    }

    @Test("A diff applied to a list it does not fit gives nil instead of a wrong list or a crash")
    func mismatch() {
        let diff = ListDiff(from: list([1, 2, 3]), to: list([3, 2]))
        #expect(diff.applied(to: list([1])) == nil)
        #expect(diff.applied(to: []) == nil)
        let badUpdate = ListDiff<Row>(updates: [.init(oldIndex: 0, newIndex: 0, element: Row(id: 5, value: 1))])
        #expect(badUpdate.applied(to: list([1])) == nil)
        let twice = ListDiff<Row>(deletions: [0, 0])
        #expect(twice.applied(to: list([1, 2])) == nil)
    }
}
