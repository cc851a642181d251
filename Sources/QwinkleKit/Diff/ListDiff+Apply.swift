extension ListDiff {
    /// The list this diff turns `old` into, performing the changes with the batch-update conventions
    /// documented on `ListDiff`: deletions and move sources are taken out of `old`, insertions and move
    /// destinations are placed at their new indexes, the remaining elements fill the other places in their old
    /// order, and updates replace values at their new indexes.
    ///
    /// `nil` when the diff does not fit `old` (an index out of range, used twice, or an update of another
    /// element), as when a diff is applied to a list other than the one it was made from.
    public func applied(to old: [Element]) -> [Element]? {
        let newCount = old.count - deletions.count + insertions.count
        guard newCount >= 0 else { return nil }

        var taken = [Bool](repeating: false, count: old.count)
        for oldIndex in deletions + moves.map(\.from) {
            guard old.indices.contains(oldIndex), !taken[oldIndex] else { return nil }
            taken[oldIndex] = true
        }
        var result = [Element?](repeating: nil, count: newCount)
        let placed = insertions.map { ($0.index, $0.element) } + moves.map { ($0.to, old[$0.from]) }
        for (newIndex, element) in placed {
            guard result.indices.contains(newIndex), result[newIndex] == nil else { return nil }
            result[newIndex] = element
        }
        var staying = zip(old, taken).lazy.filter { !$0.1 }.map(\.0).makeIterator()
        for newIndex in result.indices where result[newIndex] == nil {
            guard let element = staying.next() else { return nil }
            result[newIndex] = element
        }
        for update in updates {
            guard result.indices.contains(update.newIndex), old.indices.contains(update.oldIndex),
                result[update.newIndex]?.id == update.element.id, old[update.oldIndex].id == update.element.id
            else { return nil }
            result[update.newIndex] = update.element
        }
        return result.compactMap { $0 }
    }
}
