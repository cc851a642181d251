import Foundation
import QwinkleKit

extension Benchmark {
    /// Records 1,000 single-entry edits of a 100,000-entry model in an undo history and measures the memory.
    static let undoHistory = Benchmark(
        name: "undo-history",
        summary: "UndoHistory of a 100,000-entry DreamListModel: memory of 1,000 single-entry edits",
        run: {
            let entryCount = 100_000
            let stepCount = 1_000
            let start = residentBytes()
            var model = DreamListModel(favoriteCreature: .unicorn(.pink))
            for number in 0..<entryCount {
                model.append(UndoCase.dream(number))
            }
            let built = residentBytes()

            var random = SplitMix64(seed: 419)
            var history = UndoHistory(model, limit: stepCount)
            let recording = time {
                for step in 0..<stepCount {
                    let id = model.order[Int.random(in: 0..<entryCount, using: &random)]
                    history.change { model in
                        guard var entry = model[id] else { return }
                        entry.body = "Edited in step \(step): the unicorn turned into a dragon."
                        model.update(entry)
                    }
                }
            }
            let recorded = residentBytes()
            let steps = history.undoCount
            let undoing = time { history.undo().map { $0.difference } }

            return withExtendedLifetime((model, history)) {
                guard let start, let built, let recorded else { return ["resident memory is not readable on this system"] }
                let modelBytes = built - start
                let historyBytes = recorded - built
                return [
                    "model of \(entryCount) entries: \(megabytes(modelBytes)) resident (\(modelBytes / entryCount) bytes an entry)",
                    "\(steps) steps recorded in \(String(format: "%.1f", recording.duration.milliseconds)) ms: "
                        + "\(megabytes(historyBytes)) more resident, \(historyBytes / stepCount) bytes a step",
                    "\(stepCount) full copies would take about \(megabytes(modelBytes * stepCount)) "
                        + "(\(String(format: "%.0f", Double(modelBytes * stepCount) / Double(max(historyBytes, 1))))× as much)",
                    "one undo and its diff of \(entryCount) rows: \(String(format: "%.1f", undoing.duration.milliseconds)) ms, "
                        + "\(undoing.result?.entries.updates.count ?? 0) row to reload",
                ]
            }
        }
    )

    private static func megabytes(_ bytes: Int) -> String {
        String(format: "%.1f MB", Double(bytes) / 1_000_000)
    }
}
