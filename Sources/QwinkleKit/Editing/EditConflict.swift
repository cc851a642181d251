/// A suggested edit that collided with a change made since it started: everything a person needs to choose.
public struct EditConflict: Hashable, Sendable {
    /// The revision the edit started from.
    public var baseRevision: Int
    /// The content at that revision.
    public var base: EntryContent
    /// The entry as it is now, with its revision: the truth the edit must be made against.
    public var theirs: Entry
    /// The suggested content.
    public var yours: EntryContent
    /// Both changes put together as far as they go: conflicting body words between markers, theirs elsewhere.
    public var merged: EntryContent
    /// The parts both sides changed differently; empty when they merged but the result breaks `problems`.
    public var conflicts: [MergeConflict]
    /// What the length rule says is wrong with `merged` (both sides' words together may be too long).
    public var problems: [DraftProblem]

    /// Describes a conflict.
    public init(
        baseRevision: Int, base: EntryContent, theirs: Entry, yours: EntryContent, merged: EntryContent,
        conflicts: [MergeConflict], problems: [DraftProblem]
    ) {
        self.baseRevision = baseRevision
        self.base = base
        self.theirs = theirs
        self.yours = yours
        self.merged = merged
        self.conflicts = conflicts
        self.problems = problems
    }

    /// An edit session to resolve the conflict in: the merged content as a draft of the entry as it is now,
    /// so its Done suggests an edit from the current revision.
    public var resolvingSession: EditSession {
        EditSession(editing: theirs, draft: merged)
    }
}
