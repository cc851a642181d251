import QwinkleKit

/// What the server made of a suggested edit.
public enum EditOutcome: Hashable, Sendable {
    /// The edit is the entry's new revision (or changed nothing).
    case applied(TimelineEntry)
    /// The entry changed since the edit's base; nothing was changed. Suggest again from `theirs`.
    case conflict(EditConflictReport)
}

/// The server's 409 for an edit from an older revision: the three versions and their merge.
public struct EditConflictReport: Hashable, Sendable {
    /// The server's explanation.
    public var message: String
    /// The entry at the revision the edit started from.
    public var base: Entry
    /// The entry as it is now.
    public var theirs: Entry
    /// The edit as suggested.
    public var yours: EntryContent
    /// The three-way merge; a conflicting stretch of its body holds both sides between markers.
    public var merged: EntryContent
    /// The parts that conflict.
    public var conflictingParts: [String]
    /// What the merge breaks of the length rule.
    public var problems: [String]

    /// Describes a conflict.
    public init(
        message: String, base: Entry, theirs: Entry, yours: EntryContent, merged: EntryContent, conflictingParts: [String],
        problems: [String]
    ) {
        self.message = message
        self.base = base
        self.theirs = theirs
        self.yours = yours
        self.merged = merged
        self.conflictingParts = conflictingParts
        self.problems = problems
    }
}
