import AsyncHTTPClient
import NIOCore

extension HTTPClient {
    /// The HTTP client Qwinkle's clients share: it fails at once when a server refuses the connection, instead of
    /// retrying until the request's deadline, so an offline command falls back to its cache or outbox in moments.
    /// Like `HTTPClient.shared` it lives as long as the process and is never shut down.
    public static let qwinkle: HTTPClient = {
        var configuration = HTTPClient.Configuration()
        configuration.connectionPool.retryConnectionEstablishment = false
        configuration.timeout.connect = .seconds(10)
        return HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
    }()
}
