/// The changes that turn one ordered list into another, matched by identity: talk 001's `modelDidChange`,
/// where the UI is updated from a diff of the old and new model instead of from each change as it happens.
///
/// Index conventions are those of `UITableView.performBatchUpdates` (and `NSTableView`, `UICollectionView`):
/// - `deletions` are indexes in the **old** list;
/// - `insertions` are indexes in the **new** list;
/// - a move goes **from** an old index **to** a new index;
/// - an update names both its old and its new index: a table reloads the row at the old index, or, when the
///   row also moved, reconfigures the cell at the new index after the batch.
///
/// All four lists are sorted by index. Elements that are neither deleted, inserted nor moved keep their order,
/// and `moves` is as short as that allows (the elements kept in place are a longest run in the same order).
///
/// An identifier that occurs more than once in either list cannot be matched with certainty, so every element
/// with it is deleted and inserted rather than moved; the diff still turns the old list into the new one.
public struct ListDiff<Element: Identifiable & Equatable>: Equatable {
    /// An element that is in the new list and not in the old one.
    public struct Insertion: Equatable {
        /// Where it is in the new list.
        public var index: Int
        /// The element.
        public var element: Element

        /// An insertion at a new index.
        public init(index: Int, element: Element) {
            self.index = index
            self.element = element
        }
    }

    /// An element that changed place.
    public struct Move: Hashable, Sendable {
        /// Where it was in the old list.
        public var from: Int
        /// Where it is in the new list.
        public var to: Int

        /// A move from an old index to a new index.
        public init(from: Int, to: Int) {
            self.from = from
            self.to = to
        }
    }

    /// An element whose identifier stayed and whose value changed.
    public struct Update: Equatable {
        /// Where it was in the old list.
        public var oldIndex: Int
        /// Where it is in the new list (different from `oldIndex` when it also moved, or others came and went).
        public var newIndex: Int
        /// Its new value.
        public var element: Element

        /// An update of the element at an old index, now at a new index.
        public init(oldIndex: Int, newIndex: Int, element: Element) {
            self.oldIndex = oldIndex
            self.newIndex = newIndex
            self.element = element
        }
    }

    /// Old indexes of the elements removed, ascending.
    public var deletions: [Int]
    /// The elements added, by ascending new index.
    public var insertions: [Insertion]
    /// The elements that changed place, by ascending new index.
    public var moves: [Move]
    /// The elements whose value changed, by ascending new index.
    public var updates: [Update]

    /// A diff made of these changes; `ListDiff(from:to:)` computes one.
    public init(deletions: [Int] = [], insertions: [Insertion] = [], moves: [Move] = [], updates: [Update] = []) {
        self.deletions = deletions
        self.insertions = insertions
        self.moves = moves
        self.updates = updates
    }

    /// Whether the two lists were equal.
    public var isEmpty: Bool {
        deletions.isEmpty && insertions.isEmpty && moves.isEmpty && updates.isEmpty
    }
}

extension ListDiff: Sendable where Element: Sendable {}
extension ListDiff.Insertion: Sendable where Element: Sendable {}
extension ListDiff.Update: Sendable where Element: Sendable {}
