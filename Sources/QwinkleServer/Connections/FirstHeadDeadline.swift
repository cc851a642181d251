import NIOCore

/// Closes a new connection that has not sent a whole request head (up to its blank line) within
/// `ConnectionTimeouts.header`, reading the bytes before any HTTP handler does.
///
/// A connection that may be upgraded to a WebSocket (the Mastodon streaming API) is set up for HTTP only once its
/// first request head has been read, so `SlowClientHandler` joins too late to time that head. This handler stands
/// first in the pipeline instead, and leaves it as soon as the head is in.
final class FirstHeadDeadline: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    private let timeout: Duration
    private var deadline: Scheduled<Void>?
    /// The last bytes read, so a blank line split between two reads is still found.
    private var tail: [UInt8] = []

    /// A handler for one connection.
    init(timeout: Duration) {
        self.timeout = timeout
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { start(context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        start(context)
        context.fireChannelActive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        deadline?.cancel()
        deadline = nil
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let buffer = unwrapInboundIn(data)
        let seen = tail + buffer.readableBytesView
        if Self.containsBlankLine(seen) {
            deadline?.cancel()
            deadline = nil
            context.fireChannelRead(data)
            context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
            return
        }
        tail = Array(seen.suffix(3))
        context.fireChannelRead(data)
    }

    private func start(_ context: ChannelHandlerContext) {
        guard deadline == nil else { return }
        let loop = context.eventLoop.assumeIsolated()
        deadline = loop.scheduleTask(in: TimeAmount(timeout)) { context.close(promise: nil) }
    }

    /// Whether the bytes hold `\r\n\r\n`, the end of a request head.
    static func containsBlankLine(_ bytes: [UInt8]) -> Bool {
        guard bytes.count >= 4 else { return false }
        for index in 0...(bytes.count - 4) where bytes[index] == 13 && bytes[index + 1] == 10 && bytes[index + 2] == 13 && bytes[index + 3] == 10 {
            return true
        }
        return false
    }
}
