import Hummingbird
import Metrics
import QwinkleStorage

/// Records how long each request waited on the database, by route and method, beside the request
/// durations: the part of a slow route that is the database's.
///
/// Only the handler's time counts; a response body written later (an event stream) is not timed.
struct DatabaseTimeMiddleware<Context: RequestContext>: RouterMiddleware {
    /// Each route's and method's timer.
    private let timers = MetricsCache<RouteMethod, Metrics.Timer>()

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let tally = DatabaseTime()
        defer {
            let route = context.endpointPath ?? "NotFound", method = request.method.rawValue
            timers.value(for: RouteMethod(route: route, method: method)) {
                Metrics.Timer(
                    label: "qwinkle_request_database_duration_seconds", dimensions: [("http_route", route), ("http_request_method", method)],
                    preferredDisplayUnit: .seconds
                )
            }.record(duration: tally.total)
        }
        return try await DatabaseTime.$current.withValue(tally) {
            try await next(request, context)
        }
    }

    private struct RouteMethod: Hashable {
        let route: String
        let method: String
    }
}
