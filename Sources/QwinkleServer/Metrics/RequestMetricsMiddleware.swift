import Dispatch
import Hummingbird
import Metrics

/// Counts requests, times them and counts their errors, by route, method and status: the metrics and labels of
/// Hummingbird's `MetricsMiddleware`, which `PrometheusExport` names for Prometheus.
///
/// Hummingbird's middleware times a response until its body is written, and to know when, it wraps every body in a
/// closure: that costs each answer the one-pass write of a body already in memory (`RouterTransport`), a third of its
/// system calls. Here a body of known length is timed when the handler has it, its writing being the connection's
/// business; only a stream of unknown length (an event stream) is timed until it ends, as before.
struct RequestMetricsMiddleware<Context: RequestContext>: RouterMiddleware {
    /// Each method's count of requests in progress.
    private let meters = MetricsCache<HTTPRequest.Method, Meter>()
    /// Each route's, method's and status's metrics.
    private let routes = MetricsCache<RouteKey, Route>()

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let start = DispatchTime.now().uptimeNanoseconds
        let active = meters.value(for: request.method) {
            Meter(label: "http.server.active_requests", dimensions: [("http.request.method", request.method.rawValue)])
        }
        active.increment()
        do {
            var response = try await next(request, context)
            let metrics = route(context.endpointPath ?? "Unknown", method: request.method, status: response.status)
            let finish: @Sendable () -> Void = {
                metrics.requests.increment()
                metrics.duration.recordNanoseconds(Int64(DispatchTime.now().uptimeNanoseconds - start))
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
            let metrics = route(context.endpointPath ?? "NotFound", method: request.method, status: status)
            metrics.requests.increment()
            metrics.errors.increment()
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

    private struct RouteKey: Hashable {
        let route: String
        let method: HTTPRequest.Method
        let status: HTTPResponse.Status
    }

    /// The metrics of `route` answered with `status`, under Hummingbird's labels.
    private func route(_ route: String, method: HTTPRequest.Method, status: HTTPResponse.Status) -> Route {
        routes.value(for: RouteKey(route: route, method: method, status: status)) {
            let labels = [("http.route", route), ("http.request.method", method.rawValue)]
            let withStatus = labels + [("http.response.status_code", String(status.code))]
            return Route(
                requests: Counter(label: "hb.requests", dimensions: withStatus),
                duration: Metrics.Timer(label: "http.server.request.duration", dimensions: withStatus, preferredDisplayUnit: .seconds),
                errors: Counter(label: "hb.request.errors", dimensions: labels + [("error.type", String(status.code))])
            )
        }
    }
}
