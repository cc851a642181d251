import Foundation

extension EntrySuggestion {
    /// The owner's side of an edit, a pure function: validates the suggestion and applies it to the current
    /// entry, merging it with any change made since its base revision.
    ///
    /// - Parameters:
    ///   - current: The entry as it is now.
    ///   - base: The entry at `baseRevision` (the owner keeps every revision); `current` itself when the
    ///     suggestion starts from the current revision.
    ///   - editedAt: The time to record as the edit's, when it is applied.
    ///   - rule: The length rule; the same as for a new entry.
    /// - Returns: `.applied` with the entry at the next revision (or unchanged, when the edit changes nothing)
    ///   when the suggestion starts from the current revision; otherwise `.conflict` with the three-way merge.
    ///   The owner never applies a merge on its own, even a clean one: the editor looks at it and suggests again
    ///   from the current revision, so nobody's words change without a person seeing the result.
    /// - Throws: `EditRejection` when the suggestion itself is invalid or names a revision the entry never had.
    public func resolve(
        against current: Entry, base: Entry, editedAt: Date, rule: LengthRule = .standard
    ) throws(EditRejection) -> EditResolution {
        guard baseRevision >= 1, baseRevision <= current.revision else {
            throw .unknownBaseRevision(baseRevision, current: current.revision)
        }
        guard base.id == current.id, base.revision == baseRevision else { throw .baseMismatch }
        try validate(by: rule)

        guard baseRevision < current.revision else {
            return .applied(current.applying(content, at: editedAt))
        }
        let merge = EntryMerge(base: base.content, theirs: current.content, yours: content)
        return .conflict(EditConflict(
            baseRevision: baseRevision, base: base.content, theirs: current, yours: content,
            merged: merge.merged, conflicts: merge.conflicts, problems: merge.merged.assessed(by: rule).problems
        ))
    }
}

extension Entry {
    /// The entry with new content at the next revision, edited at the given time; itself when nothing changes.
    fileprivate func applying(_ content: EntryContent, at date: Date) -> Entry {
        guard content != self.content else { return self }
        var edited = self
        edited.content = content
        edited.revision += 1
        edited.editedAt = date
        return edited
    }
}
