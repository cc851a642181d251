import Foundation
import QwinkleArchive
import QwinkleFederation
import QwinkleServices

/// How a Qwinkle server runs: where it listens, where its files live, and its limits.
public struct ServerConfiguration: Sendable {
    /// The address to listen on.
    public var host: String
    /// The port to listen on; 0 picks a free one.
    public var port: Int
    /// The folder for photos (the database file may live here too).
    public var dataDirectory: URL
    /// The bcrypt cost for new password hashes: 12 in production; tests may lower it to run faster.
    public var bcryptCost: UInt8
    /// The largest photo accepted, in bytes.
    public var maxPhotoBytes: Int
    /// The largest JSON request body accepted, in bytes.
    public var maxJSONBytes: Int
    /// The largest archive upload accepted, in bytes (it is kept in a file while it is imported, never in memory).
    public var maxArchiveBytes: Int = 1 << 30
    /// How far an uploaded archive may expand when it is read, counted as it is inflated.
    public var archiveLimits: ArchiveLimits = .standard
    /// Whether Mastodon apps may exchange a person's password for a token (OAuth's password grant). Off by default:
    /// Mastodon removed it in 4.4, and apps that log in through the consent page never see a password.
    public var oauthPasswordGrant = false
    /// Whether other servers may follow and read the server's people (ActivityPub), and at which public origin.
    public var federation = Federation.off
    /// The origin people reach the server at (`--public-url`), federating or not: Mastodon apps are told it in the
    /// instance and OAuth metadata, where a request's own `Host` may be a proxy's view. `nil`: each request's.
    public var publicURL: String?
    /// The most the copies of other servers' pictures (those of their notes) may weigh in all; beyond it the oldest
    /// are evicted, to be fetched again when read.
    public var remotePictureCacheBytes = 1 << 30
    /// How the delivery queue is worked when federating; tests shorten its waits.
    public var deliverySettings = DeliveryService.Settings()
    /// How far the background workers have got, for whoever must wait for them (tests) rather than sleep.
    public var work = BackgroundWork()
    /// How often an open event stream is sent a `: keep-alive` comment: proxies close connections that stay
    /// silent, and only a write notices a client that went away. Tests shorten it.
    public var streamHeartbeat: Duration
    /// How long a connection may keep the server waiting for its client.
    public var timeouts: ConnectionTimeouts
    /// The rate limits; `RateLimits.off` for none.
    public var rateLimits: RateLimits
    /// Proxies besides loopback whose `X-Forwarded-For` names the client: addresses or networks (`10.0.0.0/8`).
    public var trustedProxies: [String]
    /// Where `GET /metrics` is offered, or `.off`.
    public var metrics: MetricsExposure
    /// The time now. Injected so that tests can move it, for rules that depend on time (the idempotency window).
    public var clock: @Sendable () -> Date

    /// Describes a server; the defaults are Qwinkle's.
    public init(
        host: String = "127.0.0.1", port: Int = 8080, dataDirectory: URL, bcryptCost: UInt8 = 12,
        maxPhotoBytes: Int = 10 * 1024 * 1024, maxJSONBytes: Int = 64 * 1024, streamHeartbeat: Duration = .seconds(15),
        timeouts: ConnectionTimeouts = ConnectionTimeouts(), rateLimits: RateLimits = RateLimits(), trustedProxies: [String] = [], metrics: MetricsExposure = .withServer,
        clock: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.host = host
        self.port = port
        self.dataDirectory = dataDirectory
        self.bcryptCost = bcryptCost
        self.maxPhotoBytes = maxPhotoBytes
        self.maxJSONBytes = maxJSONBytes
        self.streamHeartbeat = streamHeartbeat
        self.timeouts = timeouts
        self.rateLimits = rateLimits
        self.trustedProxies = trustedProxies
        self.metrics = metrics
        self.clock = clock
    }
}
