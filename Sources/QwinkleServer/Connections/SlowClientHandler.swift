import HTTPTypes
import NIOCore
import NIOHTTPTypes

/// Closes a connection whose client sends a request body slower than `minimumBodyRate`. Only time the server spends
/// waiting for the client counts against the body's rate: while the server itself is slow to take the body (no read
/// asked of the socket), the client is not blamed. The first request head's deadline is `FirstHeadDeadline`'s, which
/// stands before this handler exists; idle keep-alive connections are Hummingbird's `idleTimeout`.
final class SlowClientHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private let timeouts: ConnectionTimeouts
    /// The next judgement of the body's rate, while a body is being read.
    private var bodyCheck: Scheduled<Void>?
    /// Body bytes received in the current window.
    private var bodyBytes = 0
    /// Time spent in the current window with a read asked of the socket and nothing yet arrived.
    private var waited: Duration = .zero
    /// When the pending read was asked for, if one is pending.
    private var readAskedAt: ContinuousClock.Instant?

    /// A handler for one connection.
    init(timeouts: ConnectionTimeouts) {
        self.timeouts = timeouts
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        cancelAll()
    }

    func channelInactive(context: ChannelHandlerContext) {
        cancelAll()
        context.fireChannelInactive()
    }

    func read(context: ChannelHandlerContext) {
        if readAskedAt == nil { readAskedAt = .now }
        context.read()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        stopWaiting()
        switch unwrapInboundIn(data) {
        case .head(let head):
            // Most requests have no body: they cost no timer.
            if Self.hasBody(head) {
                bodyBytes = 0
                waited = .zero
                scheduleBodyCheck(context)
            }
        case .body(let buffer):
            bodyBytes += buffer.readableBytes
        case .end:
            bodyCheck?.cancel()
            bodyCheck = nil
        }
        context.fireChannelRead(data)
    }

    private func scheduleBodyCheck(_ context: ChannelHandlerContext) {
        let loop = context.eventLoop.assumeIsolated()
        bodyCheck = loop.scheduleTask(in: TimeAmount(timeouts.bodyRateWindow)) {
            // A read still pending counts as waited up to now, and goes on counting in the next window.
            let pending = self.readAskedAt != nil
            self.stopWaiting()
            if pending { self.readAskedAt = .now }
            // Judged only on a window the server spent mostly waiting: its rate is then the client's.
            let waitedSeconds = self.waited / .seconds(1)
            if waitedSeconds >= self.timeouts.bodyRateWindow / .seconds(2),
                Double(self.bodyBytes) < Double(self.timeouts.minimumBodyRate) * waitedSeconds
            {
                context.close(promise: nil)
                return
            }
            self.bodyBytes = 0
            self.waited = .zero
            self.scheduleBodyCheck(context)
        }
    }

    /// Whether a request head announces a body.
    private static func hasBody(_ head: HTTPRequest) -> Bool {
        if let length = head.headerFields[.contentLength] { return length != "0" }
        return head.headerFields[.transferEncoding] != nil
    }

    private func stopWaiting() {
        if let asked = readAskedAt { waited += ContinuousClock.now - asked }
        readAskedAt = nil
    }

    private func cancelAll() {
        bodyCheck?.cancel()
        bodyCheck = nil
    }
}
