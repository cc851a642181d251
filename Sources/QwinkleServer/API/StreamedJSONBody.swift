import Foundation
import HTTPTypes
import OpenAPIRuntime
import QwinkleJSONWriter
import Synchronization

/// A handler's JSON body written by `StreamingJSONEncoder` rather than by the runtime's `JSONEncoder`.
///
/// The generated server encodes an operation's typed body itself and takes no other bytes, so a busy handler
/// *offers* its body here. With `StreamedJSONBodyMiddleware` around the handler, the body is written at once and the
/// handler gives the runtime a small stand-in to encode instead, which the middleware then swaps for the written text.
/// The value is still the contract's type and is encoded by its generated `encode(to:)`: only the encoder differs.
enum StreamedJSONBody {
    /// Where this request's written body waits for the middleware; nil where no middleware is around the handler.
    @TaskLocal static var slot: Slot?

    /// One request's written body.
    final class Slot: Sendable {
        let encoder: StreamingJSONEncoder
        private let text = Mutex<[UInt8]?>(nil)

        init(encoder: StreamingJSONEncoder) {
            self.encoder = encoder
        }

        /// Keeps the written body for the middleware.
        func keep(_ bytes: [UInt8]) {
            text.withLock { $0 = bytes }
        }

        /// The written body, if a handler offered one.
        func take() -> [UInt8]? {
            text.withLock { text in
                defer { text = nil }
                return text
            }
        }
    }

    /// The value for the generated code to encode: `standIn` if `value` was written here, else `value` itself, which
    /// the runtime then encodes as ever (no middleware around, or a value this encoder cannot write in order).
    static func offer<T: Encodable>(_ value: T, standIn: T) -> T {
        guard let slot else { return value }
        do {
            slot.keep(try slot.encoder.encode(value))
            return standIn
        } catch {
            return value
        }
    }
}

/// Puts a handler's offered body (see `StreamedJSONBody`) in place of the stand-in the runtime encoded.
///
/// It must be the innermost of the API's middlewares, so the others see the body that is sent.
struct StreamedJSONBodyMiddleware: ServerMiddleware {
    let encoder: StreamingJSONEncoder

    func intercept(
        _ request: HTTPRequest,
        body: HTTPBody?,
        metadata: ServerRequestMetadata,
        operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        let slot = StreamedJSONBody.Slot(encoder: encoder)
        var (response, body) = try await StreamedJSONBody.$slot.withValue(slot) {
            try await next(request, body, metadata)
        }
        guard let text = slot.take() else { return (response, body) }
        // The runtime set the stand-in's length.
        response.headerFields[.contentLength] = String(text.count)
        return (response, HTTPBody(text))
    }
}
