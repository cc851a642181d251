import Foundation
import HTTPTypes
import OpenAPIRuntime

/// Keeps header values as they are sent, where the OpenAPI runtime would read or write them as URI components.
///
/// The runtime percent-encodes every response header it writes, so `Link: <…?a=1>; rel="next"` would leave as
/// `%3C…`, and ETags and Content-Range would break the same way (swift-openapi-generator issue 857). It also
/// percent-decodes every request header it reads, so the `Idempotency-Key` `a%20` would reach the handler as `a `
/// and `%41` as `A`, the same key as `A`. Header values are not URI components (RFC 9110): the request's declared
/// headers are escaped here so that the runtime's decoding gives back what the client sent, and the response's are
/// restored after the runtime wrote them.
struct HeaderValueMiddleware: ServerMiddleware {
    /// The response headers the API declares; only these are restored.
    static let declared: [HTTPField.Name] =
        [.eTag, .acceptRanges, .cacheControl, .contentRange, .location] + [HTTPField.Name("Link")].compactMap { $0 }

    /// The request headers the API declares as parameters; only these are escaped.
    static let declaredInRequests: [HTTPField.Name] =
        [.range, .ifRange, .ifNoneMatch] + ["Idempotency-Key", "Last-Event-ID"].compactMap { HTTPField.Name($0) }

    func intercept(
        _ request: HTTPRequest,
        body: HTTPBody?,
        metadata: ServerRequestMetadata,
        operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        var request = request
        for name in Self.declaredInRequests {
            // Escaping only `%` is enough: percent-decoding is all the runtime does to a simple string header.
            if let value = request.headerFields[name], value.contains("%") {
                request.headerFields[name] = value.replacingOccurrences(of: "%", with: "%25")
            }
        }
        var (response, body) = try await next(request, body, metadata)
        for name in Self.declared {
            if let value = response.headerFields[name], let decoded = value.removingPercentEncoding {
                response.headerFields[name] = decoded
            }
        }
        return (response, body)
    }
}
