/// Why an OAuth request was refused, by the error codes of RFC 6749 (§4.1.2.1, §5.2) that apps understand.
public struct OAuthError: Error, Hashable, Sendable {
    /// RFC 6749's code, such as `invalid_grant`.
    public let code: Code
    /// What went wrong, for a person reading the app's log or the page.
    public let description: String

    /// The codes Qwinkle answers with.
    public enum Code: String, Sendable {
        /// A parameter is missing or malformed.
        case invalidRequest = "invalid_request"
        /// The app is not known, or its secret is wrong.
        case invalidClient = "invalid_client"
        /// The code or refresh is unknown, used, expired, or for another app or redirect.
        case invalidGrant = "invalid_grant"
        /// A scope is not known, or more than the app registered for.
        case invalidScope = "invalid_scope"
        /// A grant type Qwinkle does not give (the password grant, unless a server enables it).
        case unsupportedGrantType = "unsupported_grant_type"
        /// The person said no on the consent page.
        case accessDenied = "access_denied"
    }

    /// An error with its code and description.
    public init(_ code: Code, _ description: String) {
        self.code = code
        self.description = description
    }
}
