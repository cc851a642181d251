import PropertyBased
import QwinkleKit
import Testing

@Suite("The dream list's model value")
struct DreamListModelTests {
    let dreams = Fixtures.dreams

    @Test("Entries keep their order and are found by identifier")
    func orderAndLookup() {
        let model = DreamListModel(entries: dreams)
        #expect(model.entries == dreams)
        #expect(model.order == dreams.map(\.id))
        #expect(model[dreams[2].id] == dreams[2])
        #expect(model["ent_missing"] == nil)
    }

    @Test("A repeated identifier, an update of a missing entry, or an insert out of range changes nothing")
    func badInput() {
        var model = DreamListModel(entries: dreams + [dreams[0]])
        #expect(model.count == 3)
        let before = model
        let results = [
            model.append(dreams[0]), model.insert(Fixtures.update, at: 4), model.insert(Fixtures.update, at: -1),
            model.update(Fixtures.update), model.remove("ent_missing") != nil,
        ]
        #expect(results == [false, false, false, false, false])
        #expect(model == before)
    }

    @Test("Insert, update and remove keep entries and order together")
    func edits() {
        var model = DreamListModel(entries: dreams)
        let inserted = model.insert(Fixtures.update, at: 1)
        #expect(inserted)
        #expect(model.order == [dreams[0].id, Fixtures.update.id, dreams[1].id, dreams[2].id])
        var edited = dreams[2]
        edited.body = "Edited"
        let updated = model.update(edited)
        let removed = model.remove(dreams[0].id)
        #expect(updated && removed == dreams[0])
        #expect(model.entries == [Fixtures.update, dreams[1], edited])
    }

    @Test("The difference between two values is what a table view needs to go from one to the other")
    func difference() {
        let old = DreamListModel(entries: dreams, favoriteCreature: .crusty)
        var new = old
        new.remove(dreams[0].id)
        new.append(Fixtures.dreamEntry)
        let difference = new.difference(from: old)
        #expect(difference.entries.applied(to: old.entries) == new.entries)
        #expect(difference.entries.deletions == [0])
        #expect(difference.entries.insertions.map(\.index) == [2])
        #expect(!difference.favoriteCreatureChanged)
        #expect(old.difference(from: old).isEmpty)
    }

    @Test("For any edits, the difference turns the old list of entries into the new one")
    func differenceProperty() async {
        // Each edit: 0 changes an entry's body, 1 removes it, 2 moves it to the end, 3 appends a new entry.
        let edits = zip(Gen.int(in: 0...3), Gen.int(in: 0...20)).array(of: 0...6)
        await propertyCheck(input: Gen.int(in: 0...12), edits) { count, edits in
            let entries = (0..<count).map { number in
                Entry(id: Entry.ID(rawValue: "e\(number)")!, author: "acc_1", content: EntryContent(kind: .journal, body: "\(number)", visibility: .journal), createdAt: Fixtures.created)
            }
            let old = DreamListModel(entries: entries)
            var new = old
            for (step, (operation, position)) in edits.enumerated() {
                let target = new.order.isEmpty ? nil : new.order[position % new.order.count]
                switch (operation, target.flatMap { new[$0] }) {
                case (0, var entry?):
                    entry.body += " edited"
                    new.update(entry)
                case (1, let entry?):
                    new.remove(entry.id)
                case (2, let entry?):
                    new.remove(entry.id)
                    new.append(entry)
                default:
                    var entry = Fixtures.update
                    entry.id = Entry.ID(rawValue: "new\(step)")!
                    new.append(entry)
                }
            }
            #expect(new.difference(from: old).entries.applied(to: old.entries) == new.entries)
        }
    }
}
