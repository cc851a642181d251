/// Where a server offers its metrics (`GET /metrics`, in Prometheus' text format).
public enum MetricsExposure: Hashable, Sendable {
    /// Not offered, and not recorded: no backend is bootstrapped and no middleware times requests.
    case off
    /// On the server's own address, beside the API and the web app, to this machine and the trusted proxies only:
    /// a request from anywhere else, or one a proxy forwarded for someone else, is answered as if there were none.
    case withServer
    /// On the server's own address, to anyone who asks (`--metrics public`): for a server whose port only the
    /// scraper's network reaches.
    case withServerForAnyone
    /// On an address of its own (such as `127.0.0.1:9464`), so that only the network that scrapes can reach them.
    case separate(host: String, port: Int)

    /// Reads a `--metrics` value: `on`, `public`, `off`, or `HOST:PORT` (an IPv6 host in brackets, `[::1]:9464`); `nil` when it
    /// is none of these.
    public init?(_ text: String) {
        switch text {
        case "on": self = .withServer
        case "public": self = .withServerForAnyone
        case "off": self = .off
        default:
            guard let colon = text.lastIndex(of: ":"), let port = Int(text[text.index(after: colon)...]), (0...65_535).contains(port) else {
                return nil
            }
            var host = text[..<colon]
            if host.hasPrefix("[") && host.hasSuffix("]") { host = host.dropFirst().dropLast() }
            guard !host.isEmpty else { return nil }
            self = .separate(host: String(host), port: port)
        }
    }
}
