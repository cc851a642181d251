/// Why an input is not valid. Each reason has a stable `code` for programs and a `message` for people.
public enum ValidationReason: Hashable, Sendable {
    /// A field that must be filled in is empty (reported when a form is submitted, never while typing).
    case required
    /// The username is shorter than the minimum.
    case usernameTooShort(minimum: Int)
    /// The username is longer than the maximum.
    case usernameTooLong(maximum: Int)
    /// The username has characters other than lowercase letters, digits and underscores.
    case usernameCharacters
    /// The password has fewer UTF-8 bytes than the minimum.
    case passwordTooShort(minimumBytes: Int)
    /// The password has more UTF-8 bytes than bcrypt reads.
    case passwordTooLong(maximumBytes: Int)
    /// The password and its confirmation differ.
    case passwordsDoNotMatch
    /// The email address is longer than the maximum.
    case emailTooLong(maximum: Int)
    /// The email address contains a space or other whitespace.
    case emailWhitespace
    /// The email address does not have exactly one `@`.
    case emailAtSign
    /// Nothing stands before the `@`.
    case emailLocalPart
    /// What follows the `@` is not a dotted domain such as `example.com`.
    case emailDomain

    /// A stable snake_case name for the reason, for programs and tests that must not depend on wording.
    public var code: String {
        switch self {
        case .required: "required"
        case .usernameTooShort: "username_too_short"
        case .usernameTooLong: "username_too_long"
        case .usernameCharacters: "username_characters"
        case .passwordTooShort: "password_too_short"
        case .passwordTooLong: "password_too_long"
        case .passwordsDoNotMatch: "passwords_do_not_match"
        case .emailTooLong: "email_too_long"
        case .emailWhitespace: "email_whitespace"
        case .emailAtSign: "email_at_sign"
        case .emailLocalPart: "email_local_part"
        case .emailDomain: "email_domain"
        }
    }

    /// A sentence a person can act on; the server, the web app and the command line all show this one.
    public var message: String {
        switch self {
        case .required: "This field is required."
        case .usernameTooShort(let minimum): "Username must be at least \(minimum) characters."
        case .usernameTooLong(let maximum): "Username must be at most \(maximum) characters."
        case .usernameCharacters: "Username may use only lowercase letters a–z, digits 0–9 and underscores."
        case .passwordTooShort(let minimum): "Password must be at least \(minimum) characters."
        case .passwordTooLong(let maximum):
            "Password must be at most \(maximum) bytes (\(maximum) plain letters; fewer with accents or emoji)."
        case .passwordsDoNotMatch: "The two passwords do not match."
        case .emailTooLong(let maximum): "Email address must be at most \(maximum) characters."
        case .emailWhitespace: "Email address must not contain spaces."
        case .emailAtSign: "Email address needs exactly one @."
        case .emailLocalPart: "Email address needs a name before the @."
        case .emailDomain: "Email address needs a domain such as example.com after the @."
        }
    }
}
