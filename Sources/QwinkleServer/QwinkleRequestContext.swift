import Hummingbird
import NIOCore

/// The context of every request to a Qwinkle server: Hummingbird's core, and the address of the connection the
/// request came on, which the rate limits need.
public struct QwinkleRequestContext: RequestContext, RemoteAddressRequestContext {
    /// Hummingbird's own part.
    public var coreContext: CoreRequestContextStorage
    /// The peer of the connection; `nil` on a connection without one (a test's in-memory channel).
    public let remoteAddress: SocketAddress?

    /// A context for a request arriving on a channel.
    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
    }
}
