import Hummingbird

/// Where apps reach the server: the operator's public URL when one is set, else as each request says it.
struct MastodonOrigin: Sendable {
    /// The host and port, as in the `Host` header.
    var host: String
    /// `https` behind a proxy that says so, else `http`.
    var scheme: String

    /// The origin of `request`.
    init(_ request: Request) {
        host = request.head.authority ?? "localhost"
        let forwarded = request.headers.first { $0.name.canonicalName == "x-forwarded-proto" }?.value
        scheme = forwarded == "https" ? "https" : "http"
    }

    /// The origin of a URL such as `https://qwinkle.example` (anything after the host is left out); `nil` for a URL
    /// that is not http or https.
    init?(url: String) {
        let parts = url.split(separator: "://", maxSplits: 1).map(String.init)
        guard parts.count == 2, ["http", "https"].contains(parts[0].lowercased()) else { return nil }
        scheme = parts[0].lowercased()
        host = String(parts[1].prefix { $0 != "/" })
        guard !host.isEmpty else { return nil }
    }

    /// `scheme://host`.
    var base: String { "\(scheme)://\(host)" }

    /// Where streaming is reached: the same host over WebSocket.
    var streamingBase: String { "\(scheme == "https" ? "wss" : "ws")://\(host)" }
}
