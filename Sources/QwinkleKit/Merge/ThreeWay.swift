/// The three versions of a value in a merge (base, theirs, yours), merged field by field; a field both sides
/// changed differently keeps their value (the truth stands until someone chooses) and is recorded as a conflict.
struct ThreeWay<Whole> {
    let base: Whole
    let theirs: Whole
    let yours: Whole
    /// The conflicts found so far, in the order the fields were merged.
    private(set) var conflicts: [MergeConflict] = []

    init(base: Whole, theirs: Whole, yours: Whole) {
        self.base = base
        self.theirs = theirs
        self.yours = yours
    }

    /// A field's merged value: the side that changed it, or the common value, or theirs in a conflict.
    mutating func field<Value: Hashable & Sendable>(
        _ field: KeyPath<Whole, Value>, conflict: (ConflictingValues<Value>) -> MergeConflict
    ) -> Value {
        let values = ConflictingValues(base: base[keyPath: field], theirs: theirs[keyPath: field], yours: yours[keyPath: field])
        if values.theirs == values.yours || values.yours == values.base { return values.theirs }
        if values.theirs == values.base { return values.yours }
        conflicts.append(conflict(values))
        return values.theirs
    }

    /// A flag's merged value: the side that changed it. A flag never conflicts: had both changed it, both would
    /// have made it the same.
    func flag(_ field: KeyPath<Whole, Bool>) -> Bool {
        base[keyPath: field] == theirs[keyPath: field] ? yours[keyPath: field] : theirs[keyPath: field]
    }

    /// A set's merged value: what either side added, less what either side removed. A set never conflicts:
    /// an element you added and one they removed both take effect.
    func set<Element>(_ field: KeyPath<Whole, Set<Element>>) -> Set<Element> {
        let (base, theirs, yours) = (base[keyPath: field], theirs[keyPath: field], yours[keyPath: field])
        let added = theirs.subtracting(base).union(yours.subtracting(base))
        let removed = base.subtracting(theirs).union(base.subtracting(yours))
        return base.subtracting(removed).union(added)
    }
}
