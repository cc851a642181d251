/// A change from one whole model value to another, as an edit, undo or redo made it.
public struct ModelChange<Model> {
    /// The value before.
    public var old: Model
    /// The value after.
    public var new: Model

    /// A change from `old` to `new`.
    public init(old: Model, new: Model) {
        self.old = old
        self.new = new
    }
}

extension ModelChange: Equatable where Model: Equatable {}
extension ModelChange: Sendable where Model: Sendable {}

extension ModelChange where Model: DiffableModel {
    /// The change as the UI applies it: one diff of old and new, the same code path for every kind of change.
    public var difference: Model.Difference {
        new.difference(from: old)
    }
}
