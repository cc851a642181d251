/// Choosing a password: two password fields, each a valid password, that also match.
///
/// Composed of two `PasswordValidator`s plus the one rule of its own, that the two are equal.
public struct SetPasswordValidator: FormValidator {
    /// The two fields of a new password.
    public struct Input: Hashable, Sendable {
        /// The new password.
        public var password: String?
        /// The same password typed again.
        public var confirmation: String?

        /// Collects the two fields.
        public init(password: String?, confirmation: String?) {
            self.password = password
            self.confirmation = confirmation
        }
    }

    /// The fields judged.
    public enum Field: Hashable, Sendable, CaseIterable {
        /// The new password.
        case password
        /// The same password typed again; a mismatch is shown here.
        case confirmation
    }

    /// Checks the password field.
    public var passwordValidator: PasswordValidator
    /// Checks the confirmation field.
    public var confirmationValidator: PasswordValidator

    /// Creates the validator from its two password validators.
    public init(passwordValidator: PasswordValidator = .init(), confirmationValidator: PasswordValidator = .init()) {
        self.passwordValidator = passwordValidator
        self.confirmationValidator = confirmationValidator
    }

    /// Judges each field; the confirmation is also wrong when both are filled in and differ.
    public func validateFields(_ input: Input) -> FormValidation<Field> {
        let matches: ValidationResult =
            switch (input.password, input.confirmation) {
            case (let password?, let confirmation?) where !password.isEmpty && !confirmation.isEmpty && password != confirmation:
                .invalid([.passwordsDoNotMatch])
            default:
                .valid
            }
        return FormValidation([
            .password: passwordValidator.validate(input.password),
            .confirmation: .combining([confirmationValidator.validate(input.confirmation), matches]),
        ])
    }
}
