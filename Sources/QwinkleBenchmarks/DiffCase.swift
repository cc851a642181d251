import QwinkleKit

/// The lists the diff benchmark compares.
enum DiffCase {
    /// A row: an identity and a value.
    struct Row: Identifiable, Equatable, Sendable {
        let id: Int
        let value: Int
    }

    /// An old list of `count` rows and a new one made from it by random deletions, moves and insertions.
    static func make(count: Int, deletions: Int, insertions: Int, moves: Int) -> (old: [Row], new: [Row]) {
        var random = SplitMix64(seed: 2016)
        let old = (0..<count).map { Row(id: $0, value: $0) }
        var new = old
        for _ in 0..<deletions {
            new.remove(at: Int.random(in: new.indices, using: &random))
        }
        for _ in 0..<moves {
            let row = new.remove(at: Int.random(in: new.indices, using: &random))
            new.insert(row, at: Int.random(in: 0...new.count, using: &random))
        }
        for id in count..<count + insertions {
            new.insert(Row(id: id, value: id), at: Int.random(in: 0...new.count, using: &random))
        }
        return (old, new)
    }
}
