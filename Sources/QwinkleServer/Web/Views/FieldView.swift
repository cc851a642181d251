/// A form's fields as a page shows them again: each one's value and its messages.
struct FieldView: Sendable {
    let value: String
    /// The messages, joined into one sentence or two.
    let error: String?

    init(value: String = "", errors: [String]? = nil) {
        self.value = value
        error = errors.flatMap { $0.isEmpty ? nil : $0.joined(separator: " ") }
    }
}
