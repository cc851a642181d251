import Foundation
import QwinkleKit

extension Benchmark {
    /// Diffs a list of 100,000 rows against a copy with 10,000 deletions, 10,000 insertions and 2,000 moves.
    static let diff = Benchmark(
        name: "diff",
        summary: "ListDiff of 100,000 rows: 10,000 deleted, 10,000 inserted, 2,000 moved",
        run: {
            let (old, new) = DiffCase.make(count: 100_000, deletions: 10_000, insertions: 10_000, moves: 2_000)
            var durations: [Double] = []
            var diff = ListDiff<DiffCase.Row>()
            for _ in 0..<5 {
                let timed = time { ListDiff(from: old, to: new) }
                diff = timed.result
                durations.append(timed.duration.milliseconds)
            }
            durations.sort()
            return [
                "rows: \(old.count) old, \(new.count) new",
                "found: \(diff.deletions.count) deletions, \(diff.insertions.count) insertions, \(diff.moves.count) moves, \(diff.updates.count) updates",
                "applying it to the old list gives the new list: \(diff.applied(to: old) == new)",
                "time: \(String(format: "%.1f", durations[0])) ms best, \(String(format: "%.1f", durations[2])) ms median of 5",
            ]
        }
    )
}
