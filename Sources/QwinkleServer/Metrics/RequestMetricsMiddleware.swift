import Dispatch
import Hummingbird
import Metrics
import Synchronization

/// Counts requests, times them and counts their errors, by route, method and status: the metrics and labels of
/// Hummingbird's `MetricsMiddleware`, which `PrometheusExport` names for Prometheus.
///
/// Hummingbird's middleware times a response until its body is written, and to know when, it wraps every body in a
/// closure: that costs each answer the one-pass write of a body already in memory (`RouterTransport`), a third of its
/// system calls. Here a body of known length is timed when the handler has it, its writing being the connection's
/// business; only a stream of unknown length (an event stream) is timed until it ends, as before.
struct RequestMetricsMiddleware<Context: RequestContext>: RouterMiddleware {
    /// Each method's and each route's metrics, made once: a registry lookup per request would cost more than the count.
    private let cache = Cache()

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let start = DispatchTime.now().uptimeNanoseconds
        let active = cache.activeRequests(method: request.method)
        active.increment()
        do {
            var response = try await next(request, context)
            let route = cache.route(context.endpointPath ?? "Unknown", method: request.method, status: response.status)
            let finish: @Sendable () -> Void = {
                route.requests.increment()
                route.duration.recordNanoseconds(Int64(DispatchTime.now().uptimeNanoseconds - start))
                active.decrement()
            }
            guard response.body.contentLength == nil else {
                finish()
                return response
            }
            let body = response.body
            response.body = ResponseBody { writer in
                defer { finish() }
                try await body.write(writer)
            }
            return response
        } catch {
            let status = (error as? any HTTPResponseError)?.status ?? .internalServerError
            let route = cache.route(context.endpointPath ?? "NotFound", method: request.method, status: status)
            route.requests.increment()
            route.errors.increment()
            active.decrement()
            throw error
        }
    }

    /// The metrics of one route, method and status.
    private struct Route: Sendable {
        let requests: Counter
        let duration: Metrics.Timer
        let errors: Counter
    }

    /// Metrics made on first use and kept.
    private final class Cache: Sendable {
        private struct RouteKey: Hashable {
            let route: String
            let method: HTTPRequest.Method
            let status: HTTPResponse.Status
        }

        private let meters = Mutex<[HTTPRequest.Method: Meter]>([:])
        private let routes = Mutex<[RouteKey: Route]>([:])

        func activeRequests(method: HTTPRequest.Method) -> Meter {
            meters.withLock { meters in
                if let meter = meters[method] { return meter }
                let meter = Meter(label: "http.server.active_requests", dimensions: [("http.request.method", method.rawValue)])
                meters[method] = meter
                return meter
            }
        }

        func route(_ route: String, method: HTTPRequest.Method, status: HTTPResponse.Status) -> Route {
            routes.withLock { routes in
                let key = RouteKey(route: route, method: method, status: status)
                if let metrics = routes[key] { return metrics }
                let labels = [("http.route", route), ("http.request.method", method.rawValue)]
                let code = String(status.code)
                let metrics = Route(
                    requests: Counter(label: "hb.requests", dimensions: labels + [("http.response.status_code", code)]),
                    duration: Metrics.Timer(
                        label: "http.server.request.duration", dimensions: labels + [("http.response.status_code", code)],
                        preferredDisplayUnit: .seconds
                    ),
                    errors: Counter(label: "hb.request.errors", dimensions: labels + [("error.type", code)])
                )
                routes[key] = metrics
                return metrics
            }
        }
    }
}
