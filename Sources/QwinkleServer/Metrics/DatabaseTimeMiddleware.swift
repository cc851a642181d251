import Hummingbird
import Metrics
import QwinkleStorage
import Synchronization

/// Records how long each request waited on the database, by route and method, beside Hummingbird's request
/// durations: the part of a slow route that is the database's.
///
/// Only the handler's time counts; a response body written later (an event stream) is not timed.
struct DatabaseTimeMiddleware<Context: RequestContext>: RouterMiddleware {
    /// The routes' timers, made once each: a registry lookup per request would cost more than the timing.
    private let timers = Timers()

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let tally = DatabaseTime()
        defer {
            timers.timer(route: context.endpointPath ?? "NotFound", method: request.method.rawValue).record(duration: tally.total)
        }
        return try await DatabaseTime.$current.withValue(tally) {
            try await next(request, context)
        }
    }

    /// One timer per route and method.
    private final class Timers: Sendable {
        private struct Key: Hashable {
            let route: String
            let method: String
        }

        private let timers = Mutex<[Key: Metrics.Timer]>([:])

        func timer(route: String, method: String) -> Metrics.Timer {
            timers.withLock { timers in
                let key = Key(route: route, method: method)
                if let timer = timers[key] { return timer }
                let timer = Metrics.Timer(
                    label: "qwinkle_request_database_duration_seconds", dimensions: [("http_route", route), ("http_request_method", method)],
                    preferredDisplayUnit: .seconds
                )
                timers[key] = timer
                return timer
            }
        }
    }
}
