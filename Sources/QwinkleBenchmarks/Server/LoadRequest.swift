import NIOCore
import NIOHTTP1

/// The one request a route's load repeats, built once: its head and its body.
struct LoadRequest: Sendable {
    /// The request line and headers.
    let head: HTTPRequestHead
    /// The body, for a POST.
    let body: ByteBuffer?

    /// A request to `target` with a bearer token or session cookie as given, and a JSON body if any.
    init(method: HTTPMethod = .GET, target: String, host: String, bearer: String? = nil, cookie: String? = nil, json: String? = nil) {
        var headers = HTTPHeaders([("Host", host), ("User-Agent", "qwinkle-bench")])
        if let bearer { headers.add(name: "Authorization", value: "Bearer \(bearer)") }
        if let cookie { headers.add(name: "Cookie", value: cookie) }
        if let json {
            headers.add(name: "Content-Type", value: "application/json")
            headers.add(name: "Content-Length", value: String(json.utf8.count))
            body = ByteBuffer(string: json)
        } else {
            body = nil
        }
        head = HTTPRequestHead(version: .http1_1, method: method, uri: target, headers: headers)
    }
}
