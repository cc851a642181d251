import QwinkleKit

/// Two lists of ids and which of them `ListDiff` deletes and inserts.
///
/// Ids are unique within each list, as the server's entry ids are on the dreams page. Moves and updates are left
/// out: dreams.js puts its elements in order by walking the new list and never reloads an item that stayed.
struct ListDiffVector: Encodable {
    /// The lists compared.
    struct Input: Encodable {
        /// The ids before.
        var old: [String]
        /// The ids after.
        var new: [String]
    }

    /// Swift's answers.
    struct Answer: Encodable {
        /// Indexes in the old list of the ids removed, ascending.
        var deletions: [Int]
        /// Indexes in the new list of the ids added, ascending.
        var insertions: [Int]
    }

    /// An element that is nothing but its id.
    private struct Item: Identifiable, Equatable {
        /// The id.
        var id: String
    }

    /// Names the case, so a failure can say which.
    var id: String
    /// The lists.
    var input: Input
    /// What Swift says of them.
    var swift: Answer

    /// Diffs two lists of ids, given as space-separated words.
    init(_ id: String, _ old: String, _ new: String) {
        let oldIDs = old.split(separator: " ").map(String.init)
        let newIDs = new.split(separator: " ").map(String.init)
        let diff = ListDiff(from: oldIDs.map(Item.init), to: newIDs.map(Item.init))
        self.id = id
        input = Input(old: oldIDs, new: newIDs)
        swift = Answer(deletions: diff.deletions, insertions: diff.insertions.map(\.index))
    }

    /// Every case, in a fixed order.
    static var all: [ListDiffVector] {
        [
            ListDiffVector("unchanged", "a b c", "a b c"),
            ListDiffVector("both empty", "", ""),
            ListDiffVector("from empty", "", "a b"),
            ListDiffVector("to empty", "a b", ""),
            ListDiffVector("insert at the front", "b c", "a b c"),
            ListDiffVector("insert in the middle", "a c", "a b c"),
            ListDiffVector("insert at the end", "a b", "a b c"),
            ListDiffVector("delete the first", "a b c", "b c"),
            ListDiffVector("delete the middle", "a b c", "a c"),
            ListDiffVector("delete the last", "a b c", "a b"),
            ListDiffVector("duplicate a dream", "d1 d2 d3", "d1 d4 d2 d3"),
            ListDiffVector("undo a duplicate", "d1 d4 d2 d3", "d1 d2 d3"),
            ListDiffVector("undo a delete, re-created under a new id", "d1 d3", "d1 d9 d3"),
            ListDiffVector("inserts and deletes together", "a b c d e", "x b y d z"),
            ListDiffVector("replace everything", "a b", "c d e"),
            ListDiffVector("reorder only", "a b c", "c a b"),
            ListDiffVector("reorder with inserts and deletes", "a b c d", "d e b a"),
            ListDiffVector("ids that are prefixes of others", "1 12 123", "12 1234 1"),
            ListDiffVector(
                "a longer list", "e1 e2 e3 e4 e5 e6 e7 e8 e9 e10 e11 e12",
                "e0 e1 e3 e4 e13 e6 e8 e9 e14 e15 e12"
            ),
        ]
    }
}
