import QwinkleKit

/// What the owner of an entry made of a suggested edit: applied as a new revision, or, because the entry changed
/// since the edit's base, a conflict with everything needed to suggest again.
public enum EditOutcome: Hashable, Sendable {
    /// The edit is the entry's current revision (or changed nothing).
    case applied(TimelineEntry)
    /// The entry changed meanwhile: nothing was stored.
    case conflict(ShownConflict)
}

/// A conflict as the editor is shown it: the merge, and the base and their version as shown entries.
public struct ShownConflict: Hashable, Sendable {
    /// The merge of base, theirs and yours, with its conflicts.
    public var conflict: EditConflict
    /// The revision the edit started from, as it was.
    public var base: TimelineEntry
    /// The entry as it is now.
    public var theirs: TimelineEntry

    /// Describes a conflict as shown.
    public init(conflict: EditConflict, base: TimelineEntry, theirs: TimelineEntry) {
        self.conflict = conflict
        self.base = base
        self.theirs = theirs
    }

    /// A sentence for the editor: whether the merge is clean, and which revision to suggest again from.
    public var message: String {
        conflict.conflicts.isEmpty
            ? "The entry changed since revision \(conflict.baseRevision); the merge is clean: look at it and suggest it again from revision \(theirs.entry.revision)."
            : "The entry changed since revision \(conflict.baseRevision) and the edits conflict; resolve the merge and suggest it again from revision \(theirs.entry.revision)."
    }
}
