import Hummingbird

/// Where an app reached the server, as the request says it: the instance names the server by it, since Qwinkle has
/// no configured public address yet.
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

    /// `scheme://host`.
    var base: String { "\(scheme)://\(host)" }

    /// Where streaming is reached: the same host over WebSocket.
    var streamingBase: String { "\(scheme == "https" ? "wss" : "ws")://\(host)" }
}
