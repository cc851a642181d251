import NIOCore
import NIOHTTP1

/// One keep-alive connection of the load: sends the request, waits for the whole answer, records its latency and
/// sends it again, until the schedule ends. It runs on its channel's event loop alone, so it needs no locks.
final class LoadConnectionHandler: ChannelInboundHandler {
    /// The answer's parts, as NIO's HTTP decoder gives them.
    typealias InboundIn = HTTPClientResponsePart
    /// The request's parts, for NIO's HTTP encoder.
    typealias OutboundOut = HTTPClientRequestPart

    /// The request to repeat.
    private let request: LoadRequest
    /// When to count and when to stop.
    private let schedule: LoadSchedule
    /// Completed with the tally when the connection is done.
    private let done: EventLoopPromise<ConnectionTally>
    /// What this connection saw.
    private var tally = ConnectionTally()
    /// When the request in flight was sent; `nil` when none is.
    private var sentAt: NIODeadline?
    /// The status of the answer being read.
    private var status: UInt = 0
    /// Whether `done` has been completed.
    private var isFinished = false
    /// The give-up at the hard deadline, cancelled when the connection finishes first.
    private var giveUp: Scheduled<Void>?

    /// A connection repeating `request` on `schedule`, reporting to `done`.
    init(request: LoadRequest, schedule: LoadSchedule, done: EventLoopPromise<ConnectionTally>) {
        self.request = request
        self.schedule = schedule
        self.done = done
    }

    /// Starts the first request once connected.
    func channelActive(context: ChannelHandlerContext) {
        // An answer that never comes must not hold the run up: give up on it at the hard deadline.
        giveUp = context.eventLoop.assumeIsolated().scheduleTask(deadline: schedule.hardEnd) { [self] in
            if sentAt != nil { tally.recordTransportError("no answer before the run's hard deadline") }
            finish(context)
        }
        send(context)
        context.fireChannelActive()
    }

    /// Notes the status, and at the end of an answer records its latency and sends the next request.
    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            status = head.status.code
        case .body:
            break
        case .end:
            guard let sent = sentAt else { return }
            sentAt = nil
            let now = NIODeadline.now()
            if sent >= schedule.measureFrom {
                tally.latencies.append(UInt64(max(0, (now - sent).nanoseconds)))
                if !(200..<300).contains(status) { tally.statusErrors[status, default: 0] += 1 }
            }
            if now < schedule.end { send(context) } else { finish(context) }
        }
    }

    /// A connection lost before the run ended is a transport error.
    func channelInactive(context: ChannelHandlerContext) {
        if !isFinished { tally.recordTransportError("the server closed the connection") }
        finish(context)
        context.fireChannelInactive()
    }

    /// Any error ends this connection's part of the run.
    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        if !isFinished { tally.recordTransportError("\(error)") }
        finish(context)
    }

    /// Sends the request once more.
    private func send(_ context: ChannelHandlerContext) {
        sentAt = .now()
        context.write(wrapOutboundOut(.head(request.head)), promise: nil)
        if let body = request.body { context.write(wrapOutboundOut(.body(.byteBuffer(body))), promise: nil) }
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
    }

    /// Reports the tally once and closes the connection.
    private func finish(_ context: ChannelHandlerContext) {
        guard !isFinished else { return }
        isFinished = true
        giveUp?.cancel()
        giveUp = nil
        done.succeed(tally)
        context.close(promise: nil)
    }
}
