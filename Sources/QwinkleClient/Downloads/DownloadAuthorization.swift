import Foundation

/// A bearer token and the server it belongs to. The token is sent only to that server (same scheme, host and
/// port), so a download from anywhere else cannot leak it; it is never written to resume data.
public struct DownloadAuthorization: Hashable, Sendable {
    /// The token, sent as `Authorization: Bearer TOKEN`.
    public var bearerToken: String
    /// The server the token was issued by, such as `http://127.0.0.1:8080`.
    public var server: URL

    /// A token for one server.
    public init(bearerToken: String, server: URL) {
        self.bearerToken = bearerToken
        self.server = server
    }

    /// Whether a request to `url` may carry the token.
    func applies(to url: URL) -> Bool {
        Origin(url) != nil && Origin(url) == Origin(server)
    }
}

/// Scheme, host and port, with the scheme's default port filled in, so `http://a` and `http://a:80` agree.
private struct Origin: Equatable {
    let scheme: String
    let host: String
    let port: Int

    init?(_ url: URL) {
        guard let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased() else { return nil }
        guard let port = url.port ?? ["http": 80, "https": 443][scheme] else { return nil }
        self.scheme = scheme
        self.host = host
        self.port = port
    }
}
