/// Undo and redo by whole values (talk 001): every step keeps the model value as it was, and undoing puts
/// that value back. There is one code path whatever property changed, so nothing can be forgotten, as the
/// favourite creature once was when undo recorded small per-property steps.
///
/// Works for any `Equatable` value. Keeping whole values is cheap when the value shares storage between copies
/// (`Array`, `String`, `TreeDictionary` are copy-on-write; see `DreamListModel`).
public struct UndoHistory<Value: Equatable> {
    /// The value now.
    public private(set) var current: Value
    /// The most steps kept for undo; recording past it drops the oldest.
    public let limit: Int
    /// Earlier values, oldest first.
    private var past: [Value] = []
    /// Undone values, the next to redo last.
    private var future: [Value] = []

    /// Starts a history at a value, keeping at most `limit` steps to undo (a negative limit keeps none).
    public init(_ initial: Value, limit: Int = 100) {
        current = initial
        self.limit = max(0, limit)
    }

    /// How many steps can be undone.
    public var undoCount: Int { past.count }
    /// How many steps can be redone.
    public var redoCount: Int { future.count }
    /// Whether there is anything to undo.
    public var canUndo: Bool { !past.isEmpty }
    /// Whether there is anything to redo.
    public var canRedo: Bool { !future.isEmpty }

    /// Makes `value` current as a step that can be undone, and forgets what could be redone.
    /// Returns the change, or `nil` when the value is the current one (no step is recorded).
    @discardableResult
    public mutating func record(_ value: Value) -> ModelChange<Value>? {
        guard value != current else { return nil }
        past.append(current)
        if past.count > limit { past.removeFirst(past.count - limit) }
        future.removeAll()
        defer { current = value }
        return ModelChange(old: current, new: value)
    }

    /// Changes a copy of the current value and records it: the one way every edit of the model is made.
    @discardableResult
    public mutating func change(_ edit: (inout Value) throws -> Void) rethrows -> ModelChange<Value>? {
        var value = current
        try edit(&value)
        return record(value)
    }

    /// Puts the previous value back; `nil` when there is nothing to undo.
    public mutating func undo() -> ModelChange<Value>? {
        Self.step(&current, from: &past, to: &future)
    }

    /// Puts the last undone value back; `nil` when there is nothing to redo.
    public mutating func redo() -> ModelChange<Value>? {
        Self.step(&current, from: &future, to: &past)
    }

    /// Undo and redo are one move in opposite directions: the current value goes on one stack,
    /// the top of the other becomes current.
    private static func step(_ current: inout Value, from source: inout [Value], to destination: inout [Value]) -> ModelChange<Value>? {
        guard let value = source.popLast() else { return nil }
        destination.append(current)
        defer { current = value }
        return ModelChange(old: current, new: value)
    }
}

extension UndoHistory: Equatable {}
extension UndoHistory: Sendable where Value: Sendable {}
