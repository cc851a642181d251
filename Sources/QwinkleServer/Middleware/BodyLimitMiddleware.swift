import Hummingbird

/// Refuses request bodies over the JSON limit (64 KiB) with 413 before any handler reads them. Photo uploads
/// are exempt: their handler enforces the larger photo limit while the bytes stream in.
struct BodyLimitMiddleware<Context: RequestContext>: RouterMiddleware {
    let maxBytes: Int
    let exemptPaths: Set<String>

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard !exemptPaths.contains(request.uri.path) else { return try await next(request, context) }
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
