import Foundation

extension DreamListMode {
    /// Share: from viewing, start choosing entries, with none chosen. Elsewhere the button is not shown.
    public mutating func share() {
        guard self == .viewing else { return }
        self = .selecting([])
    }

    /// Tapping an entry while choosing: chooses it, or unchooses it if it was chosen.
    public mutating func toggle(_ id: Entry.ID) {
        guard case .selecting(var selected) = self else { return }
        if selected.remove(id) == nil { selected.insert(id) }
        self = .selecting(selected)
    }

    /// Done: with entries chosen, share them (in the model's order, leaving out any no longer there); with none,
    /// or from any other mode, back to viewing.
    public mutating func done(in model: DreamListModel) {
        guard case .selecting(let selected) = self else {
            self = .viewing
            return
        }
        let shared = model.order.filter(selected.contains)
        self = shared.isEmpty ? .viewing : .sharing(shared)
    }

    /// Cancel: back to viewing; the selection goes with the mode it belonged to.
    public mutating func cancel() {
        self = .viewing
    }

    /// Duplicate: from viewing, start choosing an entry to copy.
    public mutating func duplicate() {
        guard self == .viewing else { return }
        self = .duplicating
    }

    /// Picking an entry while duplicating: appends a copy of it to the model (see `Entry.duplicate`) and goes
    /// back to viewing. Returns whether it did; when not duplicating, or the entry is not in the model, or the
    /// new identifier is taken, nothing changes.
    @discardableResult
    public mutating func pick(_ id: Entry.ID, in model: inout DreamListModel, copyID: Entry.ID, createdAt: Date) -> Bool {
        guard self == .duplicating, let original = model[id],
            model.append(original.duplicate(id: copyID, createdAt: createdAt))
        else { return false }
        self = .viewing
        return true
    }
}
