import Hummingbird

/// Refuses request bodies over the JSON limit (64 KiB) with 413 before any handler reads them. Routes that read
/// their body themselves with a limit of their own are exempt: photo uploads and archives, which enforce theirs while
/// the bytes stream in, and ActivityPub inboxes (256 KiB).
struct BodyLimitMiddleware<Context: RequestContext>: RouterMiddleware {
    let maxBytes: Int
    /// Whether the route at a path reads its body itself.
    let isExempt: @Sendable (String) -> Bool

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard !isExempt(request.uri.path) else { return try await next(request, context) }
        // A request with neither header has no body (RFC 9112, 6.3): nothing to count, as for nearly every GET.
        if request.headers[.contentLength] == nil && request.headers[.transferEncoding] == nil {
            return try await next(request, context)
        }
        if let length = request.headers[.contentLength].flatMap(Int.init), length > maxBytes {
            throw tooLarge
        }
        var request = request
        do {
            _ = try await request.collectBody(upTo: maxBytes)
        } catch let error as HTTPError where error.status == .contentTooLarge {
            throw tooLarge
        }
        return try await next(request, context)
    }

    private var tooLarge: APIError {
        .tooLarge("A request body may be at most \(maxBytes / 1024) KiB.")
    }
}
