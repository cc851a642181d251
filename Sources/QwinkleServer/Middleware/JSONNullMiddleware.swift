import Hummingbird
import QwinkleFederation

/// Refuses a JSON request body with a `null` anywhere in it, with 422: no field of the contract takes null, and
/// the generated decoding would otherwise read a null optional field as left out, accepting what the contract
/// does not allow.
///
/// It runs after `BodyLimitMiddleware`, so the body is already collected and at most the JSON limit. An inbox is
/// no part of the contract: activities carry `null`s (Mastodon's `"inReplyTo": null`), whatever type they are sent as.
struct JSONNullMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let type = request.headers[.contentType], type.hasPrefix("application/json"), !FederationFrontDoor.isInbox(request.uri.path) else {
            return try await next(request, context)
        }
        var request = request
        let body = try await request.collectBody(upTo: .max)
        if body.withUnsafeReadableBytes({ Self.containsNull($0) }) {
            throw APIError(
                status: .unprocessableContent, code: "validation_failed",
                message: "No field takes null: leave out a field you do not mean to send."
            )
        }
        return try await next(request, context)
    }

    /// Whether JSON text holds a `null` outside its strings. Outside a string no other literal or number has an
    /// `n`, so nothing needs parsing; text that is not JSON (`{not json`) is left for the decoder to refuse as such.
    static func containsNull(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var inString = false
        var escaped = false
        for (index, byte) in bytes.enumerated() {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
            } else if byte == UInt8(ascii: "\"") {
                inString = true
            } else if byte == UInt8(ascii: "n") {
                return bytes.dropFirst(index).starts(with: "null".utf8)
            }
        }
        return false
    }
}
