/// A validator of one text field. An absent or empty field is `incomplete`: nothing to judge, no error to show.
///
/// Conformers say only what is wrong with a non-empty text; the empty-field behaviour is decided here, once.
public protocol TextFieldValidator: Validator where Input == String? {
    /// What is wrong with a non-empty text; empty when it is valid.
    func problems(in text: String) -> [ValidationReason]
}

extension TextFieldValidator {
    /// Judges a field: `incomplete` when absent or empty, else valid or invalid by `problems(in:)`.
    public func validate(_ input: String?) -> ValidationResult {
        guard let text = input, !text.isEmpty else { return .incomplete }
        return ValidationResult(reasons: problems(in: text))
    }
}
