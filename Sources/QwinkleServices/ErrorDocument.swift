import Foundation
import QwinkleKit

/// Qwinkle's error body, `{"error": {"code", "message", "fields"}}`: the one shape the Qwinkle API, the web app's
/// JSON answers and the federation door refuse in (Mastodon's API keeps Mastodon's own), written in this one place.
public struct ErrorDocument: Encodable, Sendable {
    /// What went wrong.
    public struct Detail: Encodable, Sendable {
        /// A stable code a client can act on (`not_found`, `signature_refused`…).
        public var code: String
        /// A sentence for a person.
        public var message: String
        /// Each invalid field's problems, when the input was invalid.
        public var fields: [String: [String]]?
    }

    /// The error.
    public var error: Detail

    /// An error with `code` and `message`, and `fields` when fields were invalid.
    public init(code: String, message: String, fields: [String: [String]]? = nil) {
        error = Detail(code: code, message: message, fields: fields)
    }

    /// The body as Qwinkle's JSON.
    public var json: Data {
        // Encoding a struct of strings cannot fail; an empty body would still carry the status.
        (try? QwinkleJSON.encode(self)) ?? Data()
    }
}
