import Foundation
import Hummingbird
import Logging
import NIOCore
import OpenAPIHummingbird
import OpenAPIRuntime
import QwinkleServices
import QwinkleStorage

/// Builds a Qwinkle server over a storage: every route, its middleware, and the listening configuration.
///
/// All wiring happens here, once, so the command line and the tests run exactly the same server.
/// Photos' bytes go to `photoBytes`, or to `photos/` in the data folder when it is `nil`. With a `channel`, the
/// server is one of several sharing the storage: its live streams also show what the others write.
/// `onServerRunning` receives the address actually listened on (useful with port 0).
public func buildApplication(
    configuration: ServerConfiguration,
    storage: any Storage,
    photoBytes: (any PhotoBytesStore)? = nil,
    channel: (any ServerChannel)? = nil,
    logger: Logger,
    onServerRunning: @escaping @Sendable (String) async -> Void = { _ in }
) throws -> some ApplicationProtocol {
    let router = Router(context: BasicRequestContext.self)
    router.add(middleware: RequestLoggingMiddleware())
    router.add(middleware: ErrorMiddleware())
    router.add(middleware: BodyLimitMiddleware(maxBytes: configuration.maxJSONBytes, exemptPaths: ["/api/v1/photos"]))

    let sharedEvents = channel.map { SharedEntryEventBus(channel: $0, storage: storage, logger: logger) }
    let events: any EntryEventBus = sharedEvents ?? InProcessEntryEventBus()
    let services = Services(
        context: ServiceContext(storage: storage, clock: ServiceClock(configuration.clock), events: events),
        passwords: PasswordHasher(cost: configuration.bcryptCost),
        photoBytes: try photoBytes ?? PhotoFiles(dataDirectory: configuration.dataDirectory)
    )
    let api = QwinkleAPI(services: services, health: storage, configuration: configuration, document: try OpenAPIDocument.text())
    let web = WebApp(services: services, configuration: configuration, templates: try WebTemplates.load(), logger: logger)
    web.register(on: router, staticFolder: try WebTemplates.staticFolder())
    try api.registerHandlers(
        on: router,
        // Compact on the wire: pretty printing costs time and bytes on every response, and nobody reads them raw.
        configuration: Configuration(dateTranscoder: RFC3339Transcoder(), jsonEncodingOptions: [.sortedKeys]),
        middlewares: [HeaderValueMiddleware(), APIErrorMiddleware(), CredentialsMiddleware()]
    )

    return Application(
        router: router,
        configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: "Qwinkle"),
        services: [TrashCollector(entries: services.entries, interval: .seconds(60 * 60), logger: logger)]
            + (sharedEvents.map { [EventRelay(bus: $0)] } ?? []),
        onServerRunning: { channel in
            let address = channel.localAddress.map { "\($0.ipAddress ?? configuration.host):\($0.port ?? configuration.port)" }
            await onServerRunning(address ?? "\(configuration.host):\(configuration.port)")
        },
        logger: logger
    )
}

/// The OpenAPI document shipped in this module's resources.
enum OpenAPIDocument {
    struct Missing: Error, CustomStringConvertible {
        var description: String { "openapi.yaml is missing from the QwinkleServer resources" }
    }

    static func text() throws -> String {
        guard let url = Bundle.module.url(forResource: "openapi", withExtension: "yaml") else { throw Missing() }
        return try String(contentsOf: url, encoding: .utf8)
    }
}
