/// The sign-up form of talk 004, composed of a username, an email address and a set-password validator.
///
/// While a person types, an empty field shows no error and the form is not yet submittable, so the Sign up
/// button stays disabled until every field is present and valid. The server judges a submitted form with
/// this same validator and reports `submissionErrors`.
public struct SignUpValidator: FormValidator {
    /// The form being judged.
    public typealias Input = SignUpForm

    /// The form's fields; the raw value is the field's name in the API and in web forms.
    public enum Field: String, Hashable, Sendable, CaseIterable, Codable {
        /// The username field.
        case username
        /// The email address field.
        case email
        /// The password field.
        case password
        /// The password confirmation field.
        case passwordConfirmation = "password_confirmation"
    }

    /// Checks the username.
    public var username: UsernameValidator
    /// Checks the email address.
    public var email: EmailAddressValidator
    /// Checks the password and its confirmation.
    public var setPassword: SetPasswordValidator

    /// Creates the sign-up validator from its parts.
    public init(
        username: UsernameValidator = .init(),
        email: EmailAddressValidator = .init(),
        setPassword: SetPasswordValidator = .init()
    ) {
        self.username = username
        self.email = email
        self.setPassword = setPassword
    }

    /// Judges each field of the form by the validator that owns it.
    public func validateFields(_ form: SignUpForm) -> FormValidation<Field> {
        let passwords = setPassword.validateFields(.init(password: form.password, confirmation: form.passwordConfirmation))
        return FormValidation([
            .username: username.validate(form.username),
            .email: email.validate(form.email),
            .password: passwords[.password],
            .passwordConfirmation: passwords[.confirmation],
        ])
    }
}
