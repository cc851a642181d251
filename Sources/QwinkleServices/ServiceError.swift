import Foundation

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
        .invalid(fields: fields, message: summary(of: fields))
    }

    /// One sentence for a person from messages by field: a single field's messages as they are, several each after
    /// the field's name as people say it ("password confirmation", not `password_confirmation`). The field map keeps
    /// the wire names, for programs.
    public static func summary(of fields: [String: [String]]) -> String {
        let sorted = fields.filter { !$0.value.isEmpty }.sorted { $0.key < $1.key }
        if sorted.count == 1, let only = sorted.first { return only.value.joined(separator: " ") }
        guard !sorted.isEmpty else { return "Some fields are not valid." }
        let parts = sorted.map { field, messages in "\(spokenName(of: field)): \(messages.joined(separator: " "))" }
        return "Some fields are not valid. " + parts.joined(separator: " ")
    }

    /// A wire name as people say it, capitalised to start its part of a sentence: `password_confirmation` is
    /// "Password confirmation", `photos.0.alt` "Photo 1's alt text".
    static func spokenName(of field: String) -> String {
        let special: [String: String] = [
            "to": "Recipient", "favorite_creature": "Favourite creature", "alt": "Alt text", "body": "Text",
            "base_revision": "Base revision", "scheduled_at": "Scheduled time",
        ]
        let segments = field.split(separator: ".").map(String.init)
        if segments.count == 3, let index = Int(segments[1]), segments[0] == "photos" {
            return "Photo \(index + 1)'s \((special[segments[2]] ?? words(segments[2])).lowercased())"
        }
        return special[field] ?? words(segments.joined(separator: " "))
    }

    private static func words(_ name: String) -> String {
        let spaced = name.replacingOccurrences(of: "_", with: " ")
        return spaced.prefix(1).uppercased() + spaced.dropFirst()
    }

    /// The usual message for a request that needs a signed-in account.
    public static let signInFirst = ServiceError.notSignedIn("Log in first: send a valid token as Authorization: Bearer TOKEN.")
}
