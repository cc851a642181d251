import Hummingbird
import HummingbirdCore
import Logging
import NIOCore

/// A server's connections as `Base` sets them up, with `FirstHeadDeadline` in front of everything and
/// `UnparsableRequestHandler` behind, and a logger that does not call a connection that closed before its first request
/// an error.
struct GuardedChildChannel<Base: ServerChildChannel>: ServerChildChannel {
    typealias Value = Base.Value

    let base: Base
    let timeouts: ConnectionTimeouts

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        let timeout = timeouts.header
        return channel.eventLoop.makeCompletedFuture {
            try channel.pipeline.syncOperations.addHandler(FirstHeadDeadline(timeout: timeout))
        }.flatMap { base.setup(channel: channel, logger: logger) }.flatMapThrowing { value in
            try channel.pipeline.syncOperations.addHandler(UnparsableRequestHandler())
            return value
        }
    }

    func handle(value: Value, logger: Logger) async {
        var connectionLogger = logger
        connectionLogger.handler = ClosedBeforeRequestLogHandler(base: logger.handler)
        await withTaskExecutorPreference(EventLoopTaskExecutor(eventLoop: value.channel.eventLoop)) {
            await base.handle(value: value, logger: connectionLogger)
        }
        // Whatever ended the connection's handling, it ends the connection.
        try? await value.channel.close()
    }
}
