import NIOCore
import NIOHTTP1

/// Answers bytes that are not an HTTP request (a TLS hello sent to the plain port, a malformed request line) with
/// `400 Bad Request` and closes the connection at once.
///
/// The WebSocket-upgradable pipeline Hummingbird sets up leaves NIO's own protocol error handler out ("handled by
/// Hummingbird"), but a parse error before the first request head fails nothing Hummingbird waits on: the connection
/// stayed open, unanswered, until a timeout, and a fetcher that tries `https` before `http` waited that long. Once a
/// first request is read, Hummingbird answers a later one that does not parse itself, and this handler leaves.
final class UnparsableRequestHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = NIOAny

    private static let badRequest = "HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Length: 0\r\n\r\n"

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        context.fireChannelRead(data)
        context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        guard error is HTTPParserError else {
            context.fireErrorCaught(error)
            return
        }
        // Written as bytes below the response encoder, whose state a request that never parsed leaves unknown.
        guard let encoder = try? context.pipeline.syncOperations.context(handlerType: HTTPResponseEncoder.self) else {
            context.close(promise: nil)
            return
        }
        let written = context.eventLoop.makePromise(of: Void.self)
        encoder.writeAndFlush(NIOAny(ByteBuffer(string: Self.badRequest)), promise: written)
        written.futureResult.assumeIsolated().whenComplete { _ in context.close(promise: nil) }
    }
}
