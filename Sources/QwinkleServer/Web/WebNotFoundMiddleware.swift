import HTTPTypes
import Hummingbird

/// Answers a browser that asks for a page that does not exist with the web app's own "Not found" page; the JSON API
/// and programs (which do not ask for HTML) keep the JSON error.
struct WebNotFoundMiddleware: RouterMiddleware {
    let web: WebApp

    func handle(_ request: Request, context: QwinkleRequestContext, next: (Request, QwinkleRequestContext) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as HTTPError where error.status == .notFound && Self.wantsPage(request) {
            return await web.visit(request) { visit in
                web.failurePage(.init(status: .notFound, title: "Not found", message: "There is no page at this address."), visit: visit)
            }
        }
    }

    /// Whether a request is a browser's page load: a GET outside the API that accepts HTML.
    static func wantsPage(_ request: Request) -> Bool {
        request.method == .get && !request.uri.path.hasPrefix("/api/") && (request.headers[.accept] ?? "").contains("text/html")
    }
}
