import HashTreeCollections

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
            entries: updatesInPlace(from: old) ?? ListDiff(from: old.entries, to: entries),
            favoriteCreatureChanged: old.favoriteCreature != favoriteCreature
        )
    }

    /// The diff when the order is unchanged (every step that only edits entries, or only the favourite creature),
    /// found without building both lists of entries: values are compared walking the two dictionaries side by
    /// side, which share their unchanged storage. `nil` when the order changed or the walks do not line up.
    private func updatesInPlace(from old: DreamListModel) -> ListDiff<Entry>? {
        guard order == old.order else { return nil }
        var changed: Set<Entry.ID> = []
        for (before, after) in zip(old.entriesByID, entriesByID) {
            // Equal keys hash into the same places in both tries, so the walks normally line up; checking each
            // pair keeps the answer right if they ever do not.
            guard before.key == after.key else { return nil }
            if before.value != after.value { changed.insert(after.key) }
        }
        guard !changed.isEmpty else { return ListDiff() }
        let updates = order.enumerated().compactMap { index, id -> ListDiff<Entry>.Update? in
            guard changed.contains(id), let entry = self[id] else { return nil }
            return ListDiff.Update(oldIndex: index, newIndex: index, element: entry)
        }
        return ListDiff(updates: updates)
    }
}
