import Foundation

/// A save of a draft from one client: the content as it is there, and the revision that client last had.
///
/// It is to a draft what `EntrySuggestion` is to an entry: the owner of the truth (the server) applies it when it
/// starts from the current revision, and otherwise answers with the three-way merge, for the client to look at and
/// save again from the current revision. A merge is never applied on the client's behalf.
public struct DraftSave: Hashable, Sendable {
    /// The revision the client last had.
    public var baseRevision: Int
    /// The content to keep.
    public var content: EntryContent

    /// Describes a save.
    public init(baseRevision: Int, content: EntryContent) {
        self.baseRevision = baseRevision
        self.content = content
    }

    /// The owner's side of a save, a pure function.
    ///
    /// - Parameters:
    ///   - current: The draft as it is now.
    ///   - base: The content at `baseRevision`, if it is still kept (`current.content` when it is the current one).
    ///   - savedAt: The time to record as the save's.
    /// - Returns: `.saved` with the draft at the next revision (or unchanged, when the save changes nothing) when the
    ///   save starts from the current revision; otherwise `.conflict` with the merge of base, theirs and yours.
    /// - Throws: `DraftRejection.unknownBaseRevision` for a revision the draft never had or no longer keeps.
    public func resolve(against current: Draft, base: EntryContent?, savedAt: Date) throws(DraftRejection) -> DraftResolution {
        guard baseRevision >= 1, baseRevision <= current.revision, let base else {
            throw .unknownBaseRevision(baseRevision, current: current.revision)
        }
        guard baseRevision < current.revision else {
            guard content != current.content else { return .saved(current) }
            var saved = current
            saved.content = content
            saved.revision += 1
            saved.updatedAt = savedAt
            return .saved(saved)
        }
        let merge = EntryMerge(base: base, theirs: current.content, yours: content)
        return .conflict(DraftConflict(
            baseRevision: baseRevision, base: base, theirs: current, yours: content, merged: merge.merged, conflicts: merge.conflicts
        ))
    }
}

/// What the owner of a draft made of a save.
public enum DraftResolution: Hashable, Sendable {
    /// The draft as saved, at its next revision (or unchanged, when the save changed nothing).
    case saved(Draft)
    /// The draft changed since the save's base, elsewhere; nothing was stored.
    case conflict(DraftConflict)
}

/// Why a save of a draft was refused; the draft is unchanged.
public enum DraftRejection: Error, Hashable, Sendable {
    /// The save starts from a revision the draft never had, or one too old to be kept.
    case unknownBaseRevision(Int, current: Int)

    /// A sentence a person can act on.
    public var message: String {
        switch self {
        case .unknownBaseRevision(let revision, let current):
            "This save starts from revision \(revision), which the draft does not have (it is at revision \(current)); open the draft again."
        }
    }
}

/// A save that collided with a save made elsewhere since its base: the three versions and their merge.
public struct DraftConflict: Hashable, Sendable {
    /// The revision the save started from.
    public var baseRevision: Int
    /// The content at that revision.
    public var base: EntryContent
    /// The draft as it is now: save again from its revision.
    public var theirs: Draft
    /// The content the save sent.
    public var yours: EntryContent
    /// Both changes put together as far as they go: conflicting body words between markers, theirs elsewhere.
    public var merged: EntryContent
    /// The parts both sides changed differently.
    public var conflicts: [MergeConflict]

    /// Describes a conflict.
    public init(baseRevision: Int, base: EntryContent, theirs: Draft, yours: EntryContent, merged: EntryContent, conflicts: [MergeConflict]) {
        self.baseRevision = baseRevision
        self.base = base
        self.theirs = theirs
        self.yours = yours
        self.merged = merged
        self.conflicts = conflicts
    }

    /// The save to make once a person has looked at the merge: the merged content, from the current revision.
    public var resolvingSave: DraftSave {
        DraftSave(baseRevision: theirs.revision, content: merged)
    }

    /// A sentence for the writer: whether the merge is clean, and which revision to save again from.
    public var message: String {
        conflicts.isEmpty
            ? "The draft was saved elsewhere since revision \(baseRevision); the merge is clean: look at it and save it again from revision \(theirs.revision)."
            : "The draft was saved elsewhere since revision \(baseRevision) and the changes conflict; resolve the merge and save it again from revision \(theirs.revision)."
    }
}
