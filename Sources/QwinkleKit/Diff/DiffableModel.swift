/// A screen model that can say how it differs from an earlier value of itself, so the UI is updated from
/// one diff of old and new (talk 001's `modelDidChange`) whatever produced the change: an edit, undo or redo.
public protocol DiffableModel: Equatable {
    /// What changed, in the terms the UI updates by (rows to delete, insert, move and reload; sections to reload).
    associatedtype Difference

    /// How this value differs from an older one.
    func difference(from old: Self) -> Difference
}
