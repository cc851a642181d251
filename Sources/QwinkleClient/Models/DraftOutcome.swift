import QwinkleKit

/// What the server made of a save of a draft.
public enum DraftOutcome: Hashable, Sendable {
    /// The content is the draft's new revision (or changed nothing).
    case saved(Draft)
    /// The draft was saved elsewhere since the save's base; nothing was changed. Save again from `theirs`.
    case conflict(DraftConflictReport)
}

/// The server's 409 for a save from an older revision of a draft: the three versions and their merge.
public struct DraftConflictReport: Hashable, Sendable {
    /// The server's explanation.
    public var message: String
    /// The revision the save started from.
    public var baseRevision: Int
    /// The content at that revision.
    public var base: EntryContent
    /// The draft as it is now.
    public var theirs: Draft
    /// The content as sent.
    public var yours: EntryContent
    /// The three-way merge; a conflicting stretch of its body holds both sides between markers.
    public var merged: EntryContent
    /// The parts that conflict, named as the API names them.
    public var conflictingParts: [String]

    /// Describes a conflict.
    public init(
        message: String, baseRevision: Int, base: EntryContent, theirs: Draft, yours: EntryContent, merged: EntryContent,
        conflictingParts: [String]
    ) {
        self.message = message
        self.baseRevision = baseRevision
        self.base = base
        self.theirs = theirs
        self.yours = yours
        self.merged = merged
        self.conflictingParts = conflictingParts
    }

    /// The save to make once the merge has been looked at: the merged content, from the current revision.
    public var resolvingSave: DraftSave {
        DraftSave(baseRevision: theirs.revision, content: merged)
    }
}
