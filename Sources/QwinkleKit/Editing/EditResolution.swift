/// What the owner of an entry made of a suggested edit.
public enum EditResolution: Hashable, Sendable {
    /// The new truth: the entry with the edit (merged with any concurrent change) at the next revision,
    /// or the entry unchanged when the edit changed nothing.
    case applied(Entry)
    /// The edit and a concurrent change could not be put together; the entry is unchanged.
    case conflict(EditConflict)
}
