import QwinkleKit

/// Steps taken on an `UndoHistory` of strings, and the history after each one.
///
/// dreams.js records only real changes, so no case records the value that is already current (which
/// `UndoHistory` would not count as a step).
struct UndoVector: Encodable {
    /// One step to take.
    struct Step: Encodable {
        /// `record`, `undo` or `redo`.
        var op: String
        /// The value recorded; only for `record`.
        var value: String? = nil
    }

    /// What a step did, as `ModelChange` says it.
    struct Change: Encodable {
        /// The value before.
        var old: String
        /// The value after.
        var new: String
    }

    /// The history after a step.
    struct State: Encodable {
        /// The value now.
        var current: String
        /// How many steps can be undone.
        var undoCount: Int
        /// How many steps can be redone.
        var redoCount: Int
        /// The change the step made; absent when it did nothing.
        var change: Change?
    }

    /// Where the history starts.
    struct Input: Encodable {
        /// The first value.
        var initial: String
        /// How many steps undo keeps; absent for no limit, as dreams.js keeps every step.
        var limit: Int?
        /// The steps, in order.
        var steps: [Step]
    }

    /// Swift's answers.
    struct Answer: Encodable {
        /// The history after each step, in order.
        var states: [State]
    }

    /// Names the case, so a failure can say which.
    var id: String
    /// The history and steps.
    var input: Input
    /// What Swift says of them.
    var swift: Answer

    /// Takes `steps` on a history starting at `initial`: a string records it, `undo` and `redo` move.
    init(_ id: String, limit: Int? = nil, from initial: String = "A", _ steps: [String]) {
        var history = UndoHistory(initial, limit: limit ?? .max)
        self.id = id
        input = Input(
            initial: initial, limit: limit,
            steps: steps.map { Self.moves.contains($0) ? Step(op: $0) : Step(op: "record", value: $0) }
        )
        swift = Answer(
            states: steps.map { step in
                let change =
                    switch step {
                    case "undo": history.undo()
                    case "redo": history.redo()
                    default: history.record(step)
                    }
                return State(
                    current: history.current, undoCount: history.undoCount, redoCount: history.redoCount,
                    change: change.map { Change(old: $0.old, new: $0.new) }
                )
            }
        )
    }

    /// The steps that are not values to record.
    private static let moves: Set = ["undo", "redo"]

    /// Every case, in a fixed order.
    static var all: [UndoVector] {
        [
            UndoVector("nothing to undo or redo at first", ["undo", "redo"]),
            UndoVector("undo restores each previous whole value", ["B", "C", "undo", "undo", "undo"]),
            UndoVector("redo after undo", ["B", "C", "undo", "undo", "redo", "redo", "redo"]),
            UndoVector("a new change forgets redo", ["B", "C", "undo", "D", "redo", "undo", "undo", "undo"]),
            UndoVector("back and forth", ["B", "undo", "redo", "undo", "redo", "C", "undo", "undo", "redo"]),
            UndoVector("a value can come back", ["B", "A", "B", "undo", "undo", "undo", "redo", "redo", "redo"]),
            UndoVector(
                "limit 2 drops the oldest", limit: 2, ["B", "C", "D", "E", "undo", "undo", "undo", "redo", "redo", "redo"]
            ),
            UndoVector("limit 1", limit: 1, ["B", "C", "undo", "undo", "redo", "D", "undo"]),
            UndoVector("limit 0 keeps nothing to undo", limit: 0, ["B", "undo", "C", "redo"]),
            UndoVector("a negative limit keeps nothing", limit: -3, ["B", "C", "undo"]),
            UndoVector(
                "limit 3 after redoing", limit: 3,
                ["B", "C", "D", "undo", "undo", "redo", "E", "F", "undo", "undo", "undo", "undo"]
            ),
            UndoVector(
                "no limit keeps every step", from: "v0",
                (1...12).map { "v\($0)" } + Array(repeating: "undo", count: 13) + Array(repeating: "redo", count: 13)
            ),
        ]
    }
}
