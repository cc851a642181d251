import CoreMetrics
import Hummingbird
import NIOCore
import Prometheus
import QwinkleServices

/// The process's metrics in Prometheus' text format: one registry, made swift-metrics' backend the first time a
/// server with metrics is built.
///
/// swift-metrics has one backend per process, so every server a process runs (tests run many) records into this
/// one registry; `RequestMetricsMiddleware` and the services' counters reach it through swift-metrics.
public enum PrometheusExport {
    /// The registry every metric of this process is kept in.
    public static let registry: PrometheusCollectorRegistry = {
        let registry = PrometheusCollectorRegistry()
        var factory = PrometheusMetricsFactory(registry: registry)
        factory.nameAndLabelSanitizer = { name, labels in
            (conventionalNames[name] ?? sanitized(name), labels.map { (sanitized($0.0), $0.1) })
        }
        MetricsSystem.bootstrap(factory)
        return registry
    }()

    /// Hummingbird's metric names, renamed as Prometheus names things: a counter ends in `_total`, a duration
    /// in its unit.
    private static let conventionalNames = [
        "hb.requests": "http_server_requests_total",
        "hb.request.errors": "http_server_request_errors_total",
        "http.server.request.duration": "http_server_request_duration_seconds",
        "http.server.active_requests": "http_server_active_requests",
    ]

    /// A name with every character Prometheus does not allow (such as the dots of OpenTelemetry's names) as `_`.
    private static func sanitized(_ name: String) -> String {
        String(String.UnicodeScalarView(name.unicodeScalars.map { scalar in
            switch scalar {
            case "a"..."z", "A"..."Z", "0"..."9", "_", ":": scalar
            default: "_"
            }
        }))
    }

    /// Makes sure the backend is in place before anything makes a metric, which would otherwise record nowhere.
    static func bootstrap() {
        _ = registry
    }

    /// Answers `GET /metrics` with every metric as it stands, and the open streams of `events`.
    ///
    /// The open streams are written here rather than kept in a gauge of the shared registry: a process running
    /// several servers (tests do) would otherwise let one server's scrape report another's count.
    static func scrape(events: any EntryEventBus) -> Response {
        var buffer = ByteBuffer()
        buffer.writeBytes(registry.emitToBuffer())
        buffer.writeString("# TYPE qwinkle_open_streams gauge\nqwinkle_open_streams \(events.subscriberCount)\n")
        return Response(
            status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8", .cacheControl: "no-store"],
            body: ResponseBody(byteBuffer: buffer)
        )
    }
}
