import Foundation
import QwinkleKit
import Testing

/// Talk 001's sharing flow as one enum: viewing → selecting → sharing, Cancel from anywhere, and duplicating.
@Suite("The dream list's mode")
struct DreamListModeTests {
    let model = DreamListModel(entries: Fixtures.dreams)
    let ids = Fixtures.dreams.map(\.id)

    @Test("Share starts an empty selection; Done with a selection shares it in list order")
    func shareFlow() {
        var mode = DreamListMode.viewing
        mode.share()
        #expect(mode == .selecting([]))
        mode.toggle(ids[2])
        mode.toggle(ids[0])
        mode.toggle(ids[1])
        mode.toggle(ids[1])
        #expect(mode == .selecting([ids[0], ids[2]]))
        mode.done(in: model)
        #expect(mode == .sharing([ids[0], ids[2]]))
        mode.done(in: model)
        #expect(mode == .viewing)
    }

    @Test("Done with nothing selected goes back to viewing")
    func doneWithNothing() {
        var mode = DreamListMode.selecting([])
        mode.done(in: model)
        #expect(mode == .viewing)
        mode = .selecting(["ent_gone"])
        mode.done(in: model)
        #expect(mode == .viewing)
    }

    @Test("Cancel goes back to viewing and the selection is gone: Share again starts empty")
    func cancel() {
        var mode = DreamListMode.selecting([ids[0]])
        mode.cancel()
        #expect(mode == .viewing)
        mode.share()
        #expect(mode == .selecting([]))
        mode = .sharing([ids[1]])
        mode.cancel()
        #expect(mode == .viewing)
    }

    @Test("Buttons of other modes do nothing: Share while sharing, a tap while viewing, Duplicate while selecting")
    func outOfPlace() {
        var mode = DreamListMode.sharing([ids[0]])
        mode.share()
        #expect(mode == .sharing([ids[0]]))
        mode = .viewing
        mode.toggle(ids[0])
        #expect(mode == .viewing)
        mode = .selecting([ids[1]])
        mode.duplicate()
        #expect(mode == .selecting([ids[1]]))
    }

    @Test("Picking an entry while duplicating appends a copy ending \" (copy)\" and goes back to viewing")
    func duplicate() {
        var mode = DreamListMode.viewing
        var model = model
        mode.duplicate()
        #expect(mode == .duplicating)
        let picked = mode.pick(ids[0], in: &model, copyID: "dream_copy", createdAt: Fixtures.edited)
        #expect(picked && mode == .viewing)
        #expect(model.order == ids + ["dream_copy"])
        let copy = model["dream_copy"]
        #expect(copy?.body == "Dream 1 (copy)")
        #expect(copy?.kind == Fixtures.dreams[0].kind && copy?.revision == 1 && copy?.createdAt == Fixtures.edited)
    }

    @Test("Picking when not duplicating, a missing entry, or a taken identifier changes nothing")
    func badPicks() {
        var model = model
        var viewing = DreamListMode.viewing
        var duplicating = DreamListMode.duplicating
        let picks = [
            viewing.pick(ids[0], in: &model, copyID: "dream_copy", createdAt: Fixtures.edited),
            duplicating.pick("ent_gone", in: &model, copyID: "dream_copy", createdAt: Fixtures.edited),
            duplicating.pick(ids[0], in: &model, copyID: ids[1], createdAt: Fixtures.edited),
        ]
        #expect(picks == [false, false, false])
        #expect(model == self.model && viewing == .viewing && duplicating == .duplicating)
    }

    @Test("A duplicate is an ordinary model change: undo removes it")
    func undoDuplicate() {
        var history = UndoHistory(model)
        var mode = DreamListMode.duplicating
        history.change { mode.pick(ids[1], in: &$0, copyID: "dream_copy", createdAt: Fixtures.edited) }
        #expect(history.current.count == 4)
        let undone = history.undo()
        #expect(undone?.difference.entries.deletions == [3])
        #expect(history.current == model)
    }

    @Test("Every mode survives saving and restoring against an unchanged model", arguments: [
        DreamListMode.viewing, .selecting([]), .selecting(["dream_1", "dream_3"]), .duplicating, .sharing(["dream_3", "dream_1"]),
    ])
    func roundTrip(mode: DreamListMode) throws {
        let data = try DreamListRestoration(mode).fileData()
        #expect(try DreamListRestoration(fileData: data).restored(against: model) == mode)
    }

    @Test("The saved file is versioned JSON with a stable layout")
    func fileText() throws {
        let text = #"{"content":{"entry_ids":["dream_1","dream_2"],"mode":"selecting"},"format":"qwinkle.dream-list-state","format_version":1}"#
        let restoration = try DreamListRestoration(fileData: Data(text.utf8))
        #expect(restoration == DreamListRestoration(.selecting(["dream_2", "dream_1"])))
    }

    @Test("Restoring drops entries that are gone; a share with none left is viewing")
    func validation() {
        #expect(DreamListRestoration(.selecting(["dream_1", "ent_gone"])).restored(against: model) == .selecting(["dream_1"]))
        #expect(DreamListRestoration(.selecting(["ent_gone"])).restored(against: model) == .selecting([]))
        #expect(DreamListRestoration(.sharing(["ent_gone", "dream_2"])).restored(against: model) == .sharing(["dream_2"]))
        #expect(DreamListRestoration(.sharing(["ent_gone"])).restored(against: model) == .viewing)
    }

    @Test("A state file from a newer Qwinkle, or with an unknown mode, is refused")
    func refusals() {
        let newer = #"{"content":{"entry_ids":[],"mode":"viewing"},"format":"qwinkle.dream-list-state","format_version":2}"#
        #expect(throws: FormatError.unsupportedVersion(format: "qwinkle.dream-list-state", found: 2, readable: 1...1)) {
            try DreamListRestoration(fileData: Data(newer.utf8))
        }
        let unknown = #"{"content":{"entry_ids":[],"mode":"editing"},"format":"qwinkle.dream-list-state","format_version":1}"#
        #expect(throws: DecodingError.self) { try DreamListRestoration(fileData: Data(unknown.utf8)) }
    }
}
