import Foundation
import HTTPTypes
import OpenAPIRuntime

/// Undoes the OpenAPI runtime's percent-encoding of response header values.
///
/// The runtime writes every header as a URI component, so `Link: <…?a=1>; rel="next"` would leave as
/// `%3C…`, and ETags and Content-Range would break the same way (swift-openapi-generator issue 857).
/// Header values are not URI components (RFC 9110), so the values the handlers wrote are restored here.
struct HeaderValueMiddleware: ServerMiddleware {
    /// The response headers the API declares; only these are restored.
    static let declared: [HTTPField.Name] =
        [.eTag, .acceptRanges, .cacheControl, .contentRange] + [HTTPField.Name("Link")].compactMap { $0 }

    func intercept(
        _ request: HTTPRequest,
        body: HTTPBody?,
        metadata: ServerRequestMetadata,
        operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        var (response, body) = try await next(request, body, metadata)
        for name in Self.declared {
            if let value = response.headerFields[name], let decoded = value.removingPercentEncoding {
                response.headerFields[name] = decoded
            }
        }
        return (response, body)
    }
}
