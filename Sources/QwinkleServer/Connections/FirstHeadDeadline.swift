import NIOCore

/// Closes a new connection that has not sent a whole request head (up to its blank line) within
/// `ConnectionTimeouts.header`, reading the bytes before any HTTP handler does.
///
/// A connection that may be upgraded to a WebSocket (the Mastodon streaming API) is set up for HTTP only once its
/// first request head has been read, so a handler set up with HTTP joins too late to time that head. This handler
/// stands first in the pipeline instead, and leaves it as soon as the head is in.
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
        if Self.endsHead(tail: tail, buffer.readableBytesView) {
            deadline?.cancel()
            deadline = nil
            context.fireChannelRead(data)
            context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
            return
        }
        tail = Array((tail + buffer.readableBytesView.suffix(3)).suffix(3))
        context.fireChannelRead(data)
    }

    private func start(_ context: ChannelHandlerContext) {
        guard deadline == nil else { return }
        let loop = context.eventLoop.assumeIsolated()
        deadline = loop.scheduleTask(in: TimeAmount(timeout)) { context.close(promise: nil) }
    }

    /// Whether `\r\n\r\n`, the end of a request head, is in `bytes`, or begins in the last bytes read before them.
    static func endsHead(tail: [UInt8], _ bytes: ByteBufferView) -> Bool {
        let blank: [UInt8] = [13, 10, 13, 10]
        // Across the boundary: the tail's end and the new bytes' start.
        if !tail.isEmpty {
            let joined = tail + bytes.prefix(3)
            if joined.count >= 4, (0...(joined.count - 4)).contains(where: { joined[$0..<($0 + 4)].elementsEqual(blank) }) { return true }
        }
        var index = bytes.startIndex
        while let found = bytes[index...].firstIndex(of: 13) {
            if bytes.index(found, offsetBy: 4, limitedBy: bytes.endIndex) != nil, bytes[found..<(found + 4)].elementsEqual(blank) { return true }
            index = bytes.index(after: found)
        }
        return false
    }
}
