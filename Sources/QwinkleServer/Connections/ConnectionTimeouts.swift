/// How long a connection may keep the server waiting. A client that is slow on purpose (a "slowloris") holds a
/// descriptor and a little memory for as long as it is allowed to; these bound that.
public struct ConnectionTimeouts: Hashable, Sendable {
    /// A new connection must have sent a complete request head within this.
    public var header: Duration
    /// A connection with no request in progress is closed after this (a keep-alive connection between requests).
    public var idle: Duration
    /// The slowest a request body may arrive, in bytes per second of the server waiting for it.
    public var minimumBodyRate: Int
    /// How often the body's rate is judged; a body is given at least this long.
    public var bodyRateWindow: Duration

    /// Qwinkle's: 30 s for the head, 75 s idle (beyond Safari's and Chrome's keep-alive, so browsers close first),
    /// and 500 bytes per second judged every 10 s, as Apache's `mod_reqtimeout` does.
    public init(header: Duration = .seconds(30), idle: Duration = .seconds(75), minimumBodyRate: Int = 500, bodyRateWindow: Duration = .seconds(10)) {
        self.header = header
        self.idle = idle
        self.minimumBodyRate = minimumBodyRate
        self.bodyRateWindow = bodyRateWindow
    }
}
