import Foundation

/// A Qwinkle server's JSON error: `{"error": {"code": "not_found", "message": "…", "fields": {…}}}`.
struct ServerErrorBody: Decodable {
    struct Detail: Decodable {
        var code: String?
        var message: String
        var fields: [String: [String]]?
    }

    var error: Detail

    /// The error in a response body, or `nil` when the body is not a Qwinkle error.
    static func detail(in body: Data) -> Detail? {
        try? JSONDecoder().decode(ServerErrorBody.self, from: body).error
    }

    /// The message in a response body, or `nil` when the body is not a Qwinkle error.
    static func message(in body: Data) -> String? {
        detail(in: body)?.message
    }
}
