/// A validator of a form with named fields, composed from the validators of its fields.
public protocol FormValidator<Input>: Validator {
    /// The form's fields.
    associatedtype Field: Hashable & Sendable & CaseIterable

    /// Judges each field of the form.
    func validateFields(_ input: Input) -> FormValidation<Field>
}

extension FormValidator {
    /// The form as a whole: valid only when every field is present and valid.
    public func validate(_ input: Input) -> ValidationResult {
        validateFields(input).overall
    }
}
