/// Why a service refused a request. Each front door turns these into its own answers in one place (the API into
/// JSON errors with a status, the web app into pages), so a rule is decided once and reported alike everywhere.
public enum ServiceError: Error, Hashable, Sendable {
    /// There is no signed-in account, or its token is no longer valid; `message` says which.
    case notSignedIn(String)
    /// The thing does not exist, or the viewer may not know it does: `what` names it, as "The entry 12".
    case notFound(String)
    /// The viewer may see the thing but not do this to it.
    case forbidden(String)
    /// The input breaks rules: messages by field (the API's field names), and a summary.
    case invalid(fields: [String: [String]], message: String)
    /// The request conflicts with the current state: a stable code for programs and a message.
    case conflict(code: String, message: String)
    /// The request itself is malformed in a way no field names.
    case badRequest(String)
    /// The input is larger than allowed.
    case tooLarge(String)
    /// The bytes are not of a kind that is accepted.
    case unsupportedMediaType(String)
    /// The input is of the right kind but cannot be used (a damaged photo): a stable code and a message.
    case unprocessable(code: String, message: String)

    /// Invalid input in one field.
    public static func invalid(field: String, _ message: String) -> ServiceError {
        .invalid(fields: [field: [message]], message: message)
    }

    /// Invalid input in several fields, summarised.
    public static func invalid(_ fields: [String: [String]]) -> ServiceError {
        .invalid(fields: fields, message: "Some fields are not valid.")
    }

    /// The usual message for a request that needs a signed-in account.
    public static let signInFirst = ServiceError.notSignedIn("Log in first: send a valid token as Authorization: Bearer TOKEN.")
}
