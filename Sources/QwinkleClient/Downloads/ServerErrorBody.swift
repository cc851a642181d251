import Foundation

/// A Qwinkle server's JSON error: `{"error": {"code": "not_found", "message": "…"}}`.
struct ServerErrorBody: Decodable {
    struct Detail: Decodable {
        var message: String
    }

    var error: Detail

    /// The message in a response body, or `nil` when the body is not a Qwinkle error.
    static func message(in body: Data) -> String? {
        try? JSONDecoder().decode(ServerErrorBody.self, from: body).error.message
    }
}
