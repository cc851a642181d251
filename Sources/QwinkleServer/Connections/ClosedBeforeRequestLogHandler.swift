import Logging

/// A connection's logger that tells one of HummingbirdWebSocket's errors as debug: a connection that closes before
/// its first request (a client that went away, a port scan, or `FirstHeadDeadline` closing it) fails the WebSocket
/// upgrade's negotiation, which the library logs as an error, once for every such connection. A thousand idle
/// connections closed on time are not a thousand faults of the server.
struct ClosedBeforeRequestLogHandler: LogHandler {
    /// The library's message for a negotiation that ended without a request.
    static let message = "Error handling upgrade result"

    /// Where everything goes.
    var base: any LogHandler

    func log(event: LogEvent) {
        guard event.level == .error, event.message.description == Self.message else { return base.log(event: event) }
        guard base.logLevel <= .debug else { return }
        var quieter = event
        quieter.level = .debug
        base.log(event: quieter)
    }

    var metadataProvider: Logger.MetadataProvider? {
        get { base.metadataProvider }
        set { base.metadataProvider = newValue }
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { base[metadataKey: key] }
        set { base[metadataKey: key] = newValue }
    }

    var metadata: Logger.Metadata {
        get { base.metadata }
        set { base.metadata = newValue }
    }

    var logLevel: Logger.Level {
        get { base.logLevel }
        set { base.logLevel = newValue }
    }
}
