import Hummingbird
import QwinkleMastodon

/// Tells errors on Mastodon's paths in Mastodon's shape (`{"error": "…"}`), which its apps read, instead of
/// Qwinkle's: the status, message and headers `ErrorMiddleware` decided stay as they are.
struct MastodonErrorShapeMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard MastodonAPI.owns(path: request.uri.path) else { return try await next(request, context) }
        do {
            return try await next(request, context)
        } catch let error as APIError {
            throw MastodonError(status: error.status, message: error.message, headers: error.headers)
        }
    }
}
