/// The three values of a part that both sides changed differently: as it was, as they made it, as you made it.
public struct ConflictingValues<Value: Hashable & Sendable>: Hashable, Sendable {
    /// The value both sides started from.
    public var base: Value
    /// Their value: the truth as it stands now.
    public var theirs: Value
    /// Your value: the one you suggested.
    public var yours: Value

    /// The three values of a conflict.
    public init(base: Value, theirs: Value, yours: Value) {
        self.base = base
        self.theirs = theirs
        self.yours = yours
    }
}
