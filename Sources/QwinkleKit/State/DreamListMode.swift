/// What the dream list screen is doing: one enum, because the modes exclude one another (talk 001).
///
/// With separate flags, Cancel once left the selection controls showing after the list went back to viewing;
/// as one value, leaving a mode drops its data with it, and no two modes can be on at once.
/// Entries are named by identifier: the model holds the truth about them.
public enum DreamListMode: Hashable, Sendable {
    /// Showing the list.
    case viewing
    /// Choosing entries to share (after Share); the chosen ones so far.
    case selecting(Set<Entry.ID>)
    /// Choosing an entry to copy.
    case duplicating
    /// Sharing these entries, in list order (after Done with a selection).
    case sharing([Entry.ID])

    /// The mode's name without its data, as a restored state spells it.
    public var name: Name {
        switch self {
        case .viewing: .viewing
        case .selecting: .selecting
        case .duplicating: .duplicating
        case .sharing: .sharing
        }
    }

    /// The name of a mode: `viewing`, `selecting`, `duplicating` or `sharing`.
    public enum Name: String, Hashable, Sendable, Codable, CaseIterable {
        /// Showing the list.
        case viewing
        /// Choosing entries to share.
        case selecting
        /// Choosing an entry to copy.
        case duplicating
        /// Sharing entries.
        case sharing
    }
}
