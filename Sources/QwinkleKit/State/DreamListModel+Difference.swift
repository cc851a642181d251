extension DreamListModel: DiffableModel {
    /// How the dream list changed: the rows, and whether the favourite creature's section needs reloading.
    public struct Difference: Equatable, Sendable {
        /// The entries deleted, inserted, moved and updated, in table-view batch-update indexes.
        public var entries: ListDiff<Entry>
        /// Whether the favourite creature changed.
        public var favoriteCreatureChanged: Bool

        /// Describes a change of the dream list.
        public init(entries: ListDiff<Entry>, favoriteCreatureChanged: Bool) {
            self.entries = entries
            self.favoriteCreatureChanged = favoriteCreatureChanged
        }

        /// Whether nothing changed.
        public var isEmpty: Bool { entries.isEmpty && !favoriteCreatureChanged }
    }

    /// How this model differs from an older one.
    public func difference(from old: DreamListModel) -> Difference {
        Difference(
            entries: ListDiff(from: old.entries, to: entries),
            favoriteCreatureChanged: old.favoriteCreature != favoriteCreature
        )
    }
}
