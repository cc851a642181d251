/// What a person types to sign up. A field is `nil` or empty until they type in it.
///
/// Its JSON is the API's sign-up request: `username`, `email`, `password`, `password_confirmation`.
public struct SignUpForm: Hashable, Sendable, Codable {
    /// The chosen username.
    public var username: String?
    /// The email address.
    public var email: String?
    /// The chosen password.
    public var password: String?
    /// The password typed again.
    public var passwordConfirmation: String?

    /// Creates a form; every field starts empty.
    public init(username: String? = nil, email: String? = nil, password: String? = nil, passwordConfirmation: String? = nil) {
        self.username = username
        self.email = email
        self.password = password
        self.passwordConfirmation = passwordConfirmation
    }

    enum CodingKeys: String, CodingKey {
        case username
        case email
        case password
        case passwordConfirmation = "password_confirmation"
    }
}
