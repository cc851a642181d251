/// Editing an entry, as talk 004's Edit, Cancel and Done: the editor works on a copy of the entry's content,
/// so nobody else (the loved one reading the shared journal) ever sees a half-edited entry.
///
/// Cancel drops the copy and nothing else changes. Done does not change the entry either: it *suggests* a new
/// value to the owner of the truth (the server, or whatever holds the entry), who validates it and applies it,
/// merges it with a concurrent change, or answers with a conflict (see `EntrySuggestion.resolve`).
public struct EditSession: Hashable, Sendable {
    /// The entry as it was when editing began; never changed by the session.
    public let original: Entry
    /// The copy being edited.
    public var draft: EntryContent

    /// Starts editing a copy of the entry.
    public init(editing entry: Entry) {
        self.init(editing: entry, draft: entry.content)
    }

    /// Starts editing from a given draft, such as the merged content of a conflict, against the entry as it is.
    public init(editing entry: Entry, draft: EntryContent) {
        original = entry
        self.draft = draft
    }

    /// Whether the draft differs from the entry.
    public var hasChanges: Bool { draft != original.content }

    /// What the length rule says of the draft, recomputed from it every time: the counter while editing.
    public func assessed(by rule: LengthRule = .standard) -> DraftAssessment {
        draft.assessed(by: rule)
    }

    /// Cancel: the entry as it was, to show again. The draft goes with the session; nothing else changed.
    public func cancel() -> Entry {
        original
    }

    /// Done: the suggestion to send to the owner of the truth (`PUT /api/qwinkle/v1/entries/{id}` with `original.id`).
    public func done() -> EntrySuggestion {
        EntrySuggestion(baseRevision: original.revision, content: draft)
    }
}
