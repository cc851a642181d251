/// A change to one optional field, such as an avatar: set it, or remove it.
public enum FieldChange<Value: Hashable & Sendable>: Hashable, Sendable {
    /// Set the field to a value.
    case set(Value)
    /// Clear the field.
    case remove

    /// The value after the change.
    public var newValue: Value? {
        if case .set(let value) = self { value } else { nil }
    }
}
