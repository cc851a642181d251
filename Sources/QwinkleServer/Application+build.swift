import Foundation
import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
import Logging
import Metrics
import NIOCore
import OpenAPIRuntime
import QwinkleAPITypes
import QwinkleFederation
import QwinkleJSONWriter
import QwinkleKit
import QwinkleMastodon
import QwinkleServices
import QwinkleStorage
import ServiceLifecycle

/// Builds a Qwinkle server over a storage: every route, its middleware, and the listening configuration.
///
/// All wiring happens here, once, so the command line and the tests run exactly the same server.
/// Photos' bytes go to `photoBytes` (`PhotoFiles` in the data folder for one server, the database for several). With a `channel`, the
/// server is one of several sharing the storage: its live streams also show what the others write. Rate limits
/// are counted in `rateLimiter`, or in this process's memory when it is `nil`.
/// `onServerRunning` receives the address actually listened on (useful with port 0), and `onMetricsRunning` that of
/// the metrics when they have an address of their own.
public func buildApplication(
    configuration: ServerConfiguration,
    storage: any Storage,
    photoBytes: any PhotoBytesStore,
    channel: (any ServerChannel)? = nil,
    rateLimiter: (any RateLimiter)? = nil,
    logger: Logger,
    onServerRunning: @escaping @Sendable (String) async -> Void = { _ in },
    onMetricsRunning: @escaping @Sendable (String) async -> Void = { _ in }
) throws -> some ApplicationProtocol {
    // HEAD is answered like GET without the body everywhere, as uptime monitors and link checkers expect.
    let router = Router(context: QwinkleRequestContext.self, options: .autoGenerateHeadEndpoints)
    let routeMethods = RouteMethods()
    let recordsMetrics = configuration.metrics != .off
    if recordsMetrics {
        // Before anything makes a metric: one made without a backend records nowhere for good.
        PrometheusExport.bootstrap()
        router.add(middleware: RequestMetricsMiddleware())
        router.add(middleware: DatabaseTimeMiddleware())
    }
    router.add(middleware: RequestLoggingMiddleware())
    // Outside ErrorMiddleware: errors on Mastodon's paths are told in Mastodon's shape, every other in Qwinkle's.
    router.add(middleware: MastodonErrorShapeMiddleware())
    router.add(middleware: ErrorMiddleware())
    router.add(middleware: ArchiveUploadTypeMiddleware())
    let uploads: Set<String> = ["/api/qwinkle/v1/photos", "/api/qwinkle/v1/accounts/me/archive", "/api/v1/media", "/api/v2/media", "/api/v1/accounts/update_credentials"]
    router.add(middleware: BodyLimitMiddleware(maxBytes: configuration.maxJSONBytes) { path in uploads.contains(path) || FederationFrontDoor.isInbox(path) })
    router.add(middleware: JSONNullMiddleware())

    let sharedEvents = channel.map { SharedEntryEventBus(channel: $0, storage: storage, logger: logger) }
    let baseEvents: any EntryEventBus = sharedEvents ?? InProcessEntryEventBus()
    // A federating server also turns its own entry writes into deliveries to other servers.
    let outbox = configuration.federation.origin.map { _ in FederationOutbox(wrapping: baseEvents, work: configuration.work) }
    let events: any EntryEventBus = outbox ?? baseEvents
    let clock = ServiceClock(configuration.clock)
    let fetcher = RemoteFetcher(allowsPrivateAddresses: configuration.federation.allowsPrivateAddresses)
    let remote = configuration.federation.origin.map { origin in
        RemoteAccounts(
            origin: origin, context: ServiceContext(storage: storage, clock: clock, events: events), fetcher: fetcher, photoBytes: photoBytes,
            pictureCacheBytes: configuration.remotePictureCacheBytes
        )
    }
    let services = Services(
        context: ServiceContext(
            storage: storage, clock: clock, events: events,
            metrics: ServiceMetrics(factory: recordsMetrics ? MetricsSystem.factory : NOOPMetricsHandler.instance), remote: remote
        ),
        passwords: PasswordHasher(cost: configuration.bcryptCost),
        photoBytes: photoBytes
    )
    let resources = try ServerResources.shared()
    let api = QwinkleAPI(services: services, health: storage, configuration: configuration, document: resources.document)
    let web = WebApp(services: services, configuration: configuration, templates: resources.templates, logger: logger)
    let mastodon = MastodonAPI(
        facts: MastodonServerFacts(lengthRule: services.context.lengthRule, maxPhotoBytes: configuration.maxPhotoBytes), services: services,
        streamHeartbeat: configuration.streamHeartbeat, allowsPasswordGrant: configuration.oauthPasswordGrant,
        publicURL: configuration.publicURL ?? configuration.federation.origin?.base
    )
    let identification = ClientIdentification(trustedProxies: try configuration.trustedProxies.map { text in
        guard let range = AddressRange(text) else { throw InvalidTrustedProxy(text: text) }
        return range
    })
    let limiter = rateLimiter ?? InMemoryRateLimiter()
    router.add(middleware: RateLimitMiddleware(
        limits: configuration.rateLimits, limiter: limiter,
        identification: identification,
        clock: configuration.clock, maxBodyBytes: configuration.maxJSONBytes,
        page: { request, message in await web.tooManyRequestsPage(request, message: message) }
    ))
    var metricsServer: [any Service] = []
    switch configuration.metrics {
    case .off: break
    case .withServer:
        // Operators only: a request from elsewhere, or forwarded by a proxy for someone else, finds nothing here.
        router.get("/metrics") { request, context in
            let peer = context.remoteAddress.flatMap { ClientAddress($0) }
            guard identification.isOperator(peer: peer, headers: request.headers) else { throw HTTPError(.notFound) }
            return PrometheusExport.scrape(events: events)
        }
    case .withServerForAnyone:
        router.get("/metrics") { _, _ in PrometheusExport.scrape(events: events) }
    case .separate(let host, let port):
        let metricsRouter = Router()
        metricsRouter.get("/metrics") { _, _ in PrometheusExport.scrape(events: events) }
        metricsServer = [Application(
            router: metricsRouter, configuration: .init(address: .hostname(host, port: port), serverName: "Qwinkle"),
            onServerRunning: { channel in
                await onMetricsRunning(channel.localAddress.map { "\($0.ipAddress ?? host):\($0.port ?? port)" } ?? "\(host):\(port)")
            },
            logger: logger
        )]
    }
    router.add(middleware: MethodNotAllowedMiddleware(routes: routeMethods))
    var deliveries: [any Service] = []
    if let origin = configuration.federation.origin, let remote {
        let federation = FederationFrontDoor(
            origin: origin, services: services, softwareVersion: QwinkleVersion.current, remote: remote,
            inboxLimit: (limiter, configuration.rateLimits.inbox)
        )
        deliveries = [DeliveryService(
            origin: origin, services: services, outbox: outbox, fetcher: fetcher, settings: configuration.deliverySettings,
            work: configuration.work, logger: logger
        )]
        // In front of the web app, whose profile and entry pages share their URLs with actors and notes.
        router.add(middleware: federation.negotiation())
        federation.addRoutes(to: router)
    }
    web.register(on: router, staticFolder: try WebTemplates.staticFolder())
    mastodon.addRoutes(to: router)
    try api.registerHandlers(
        on: RouterTransport(router: router),
        // Compact on the wire: pretty printing costs time and bytes on every response, and nobody reads them raw.
        configuration: Configuration(dateTranscoder: RFC3339Transcoder(), jsonEncodingOptions: [.sortedKeys]),
        middlewares: [
            HeaderValueMiddleware(), APIErrorMiddleware(requestContentTypes: resources.requestContentTypes),
            CredentialsMiddleware(tokenRequired: resources.operationsRequiringToken),
            StreamedJSONBodyMiddleware(encoder: StreamingJSONEncoder(encodeDate: { RFC3339.string(from: $0) })),
        ]
    )
    routeMethods.load(router)

    // The Mastodon streaming API's WebSocket: a router of its own, asked only of requests that ask for an upgrade.
    let webSocketRouter = Router(context: BasicWebSocketRequestContext.self)
    mastodon.addWebSocketRoutes(to: webSocketRouter)
    let webSocketResponder = webSocketRouter.buildResponder()

    let timeouts = configuration.timeouts
    return Application(
        router: router,
        server: HTTPServerBuilder { responder in
            GuardedChildChannel(
                base: HTTP1WebSocketUpgradeChannel(
                    responder: responder, webSocketResponder: webSocketResponder,
                    configuration: .init(
                        http1: .init(additionalChannelHandlers: [SlowClientHandler(timeouts: timeouts)], idleTimeout: TimeAmount(timeouts.idle)),
                        ws: .init(maxFrameSize: 1 << 16, autoPing: .enabled(timePeriod: .seconds(30)))
                    )
                ),
                timeouts: timeouts
            )
        },
        configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: "Qwinkle"),
        services: [
            TrashCollector(entries: services.entries, interval: .seconds(60 * 60), logger: logger),
            ScheduledPublisher(scheduled: services.scheduled, interval: .seconds(1), logger: logger, rounds: configuration.work.scheduledRounds),
        ]
            + (sharedEvents.map { [EventRelay(bus: $0)] } ?? []) + metricsServer + deliveries,
        onServerRunning: { channel in
            let address = channel.localAddress.map { "\($0.ipAddress ?? configuration.host):\($0.port ?? configuration.port)" }
            await onServerRunning(address ?? "\(configuration.host):\(configuration.port)")
        },
        logger: logger
    )
}

/// A `--trusted-proxy` that is neither an address nor a network.
public struct InvalidTrustedProxy: Error, CustomStringConvertible {
    /// What was given.
    public let text: String
    /// One line for a person.
    public var description: String { "\(text) is not an IP address or network (such as 10.0.0.1 or 10.0.0.0/8)." }
}
