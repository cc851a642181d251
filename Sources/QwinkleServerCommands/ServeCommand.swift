import ArgumentParser
import Foundation
import Hummingbird
import Logging
import QwinkleCLI
import QwinkleFederation
import QwinkleServer
import QwinkleServices
import QwinkleStorage
import QwinkleStoragePostgres
import QwinkleStorageSQL
import QwinkleStorageSQLite

/// `qwinkle serve`: runs a Qwinkle server with its data in one SQLite file, or as one of any number of servers
/// sharing a PostgreSQL database.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Run a Qwinkle server.",
        discussion: """
            Keeps everything in the data folder: the SQLite database (qwinkle.sqlite) and the photos. \
            With --database, keeps everything in that PostgreSQL database instead, photos included, so any \
            number of servers can share it; the schema is brought up to date at start. \
            Stops cleanly on Ctrl-C (SIGINT) or SIGTERM, finishing requests in flight.

            Examples:
              qwinkle serve --port 8080 --data ./qwinkle-data
              qwinkle serve --port 8081 --database postgres://qwinkle:secret@db.example:5432/qwinkle?sslmode=require
            """
    )

    @Option(help: ArgumentHelp("The address to listen on (QWINKLE_HOST).", valueName: "address"))
    var host: String = ProcessInfo.processInfo.environment["QWINKLE_HOST"] ?? "127.0.0.1"

    @Option(help: ArgumentHelp("The port to listen on; 0 picks a free one (QWINKLE_PORT).", valueName: "port"))
    var port: Int = ProcessInfo.processInfo.environment["QWINKLE_PORT"].flatMap(Int.init) ?? 8080

    @OptionGroup var storage: StorageOptions

    @Option(
        help: ArgumentHelp(
            "A JSON file of rate limits, such as {\"log_in\": {\"limit\": 10, \"period\": 300}}, or off (QWINKLE_RATE_LIMITS). Mastodon's limits by default.",
            valueName: "file"
        )
    )
    var rateLimits: String = ProcessInfo.processInfo.environment["QWINKLE_RATE_LIMITS"] ?? ""

    @Option(
        name: .customLong("trusted-proxy"),
        help: ArgumentHelp("A proxy, besides loopback, whose X-Forwarded-For names the client: an address or a network; repeatable.", valueName: "address")
    )
    var trustedProxies: [String] = []

    @Option(
        help: ArgumentHelp(
            "Where GET /metrics (Prometheus' text format) is served: on (beside the API, to this machine and trusted proxies only), public (beside the API, to anyone), off, or an address of its own such as 127.0.0.1:9464 (QWINKLE_METRICS).",
            valueName: "on|public|off|host:port"
        )
    )
    var metrics: String = ProcessInfo.processInfo.environment["QWINKLE_METRICS"] ?? "on"

    @Flag(
        help: ArgumentHelp(
            "Let Mastodon apps exchange a password for a token (OAuth's password grant, removed by Mastodon 4.4); off unless given (QWINKLE_OAUTH_PASSWORD_GRANT=1)."
        )
    )
    var oauthPasswordGrant = ProcessInfo.processInfo.environment["QWINKLE_OAUTH_PASSWORD_GRANT"] == "1"

    @Option(
        help: ArgumentHelp(
            "The server's public origin, such as https://qwinkle.example, which names its people and entries to other servers (QWINKLE_PUBLIC_URL). Serve it over TLS through a reverse proxy.",
            valueName: "url"
        )
    )
    var publicURL: String = ProcessInfo.processInfo.environment["QWINKLE_PUBLIC_URL"] ?? ""

    @Option(
        help: ArgumentHelp(
            "Whether other servers may find, follow and read this server's people over ActivityPub: on, or off; on when --public-url is given (QWINKLE_FEDERATION).",
            valueName: "on|off"
        )
    )
    var federation: String = ProcessInfo.processInfo.environment["QWINKLE_FEDERATION"] ?? ""

    @Option(
        help: ArgumentHelp(
            "The most the copies of other servers' pictures may weigh, in MiB; beyond it the oldest are evicted and fetched again when read (QWINKLE_REMOTE_MEDIA_CACHE_MB).",
            valueName: "MiB"
        )
    )
    var remoteMediaCache: Int = ProcessInfo.processInfo.environment["QWINKLE_REMOTE_MEDIA_CACHE_MB"].flatMap { Int($0) } ?? 1024

    @Flag(
        help: ArgumentHelp(
            "Let federation fetch from loopback and private addresses, for tests of servers on one machine only (QWINKLE_FEDERATION_ALLOWS_PRIVATE_ADDRESSES=1).",
            visibility: .hidden
        )
    )
    var federationAllowsPrivateAddresses = ProcessInfo.processInfo.environment["QWINKLE_FEDERATION_ALLOWS_PRIVATE_ADDRESSES"] == "1"

    @Option(
        help: ArgumentHelp(
            "How many seconds a server holds the deliveries it takes before another may take them, for tests of servers stopped mid-send.",
            valueName: "seconds", visibility: .hidden
        )
    )
    var federationDeliveryHold: Int?

    @Option(help: ArgumentHelp("How log lines are written to standard error: text, or json for one object a line (QWINKLE_LOG_FORMAT).", valueName: "text|json"))
    var logFormat: LogFormat = ProcessInfo.processInfo.environment["QWINKLE_LOG_FORMAT"].flatMap(LogFormat.init(rawValue:)) ?? .text

    /// How log lines are written.
    enum LogFormat: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    func validate() throws {
        guard (0...65_535).contains(port) else { throw ValidationError("--port must be between 0 and 65535, not \(port).") }
        guard MetricsExposure(metrics) != nil else {
            throw ValidationError("--metrics must be on, public, off or an address with a port (such as 127.0.0.1:9464), not \(metrics).")
        }
        _ = try federationSetting()
    }

    /// Federation as the options ask for it: off unless a public origin is given, and never on without one.
    func federationSetting() throws -> Federation {
        guard ["", "on", "off"].contains(federation) else { throw ValidationError("--federation must be on or off, not \(federation).") }
        if publicURL.isEmpty {
            guard federation != "on" else { throw ValidationError("--federation on needs --public-url, the origin other servers reach this one at.") }
            return .off
        }
        guard let origin = FederationOrigin(publicURL) else {
            throw ValidationError("--public-url must be an http or https origin with nothing after the host and port, such as https://qwinkle.example, not \(publicURL).")
        }
        return federation == "off" ? .off : .on(origin, allowsPrivateAddresses: federationAllowsPrivateAddresses)
    }

    func run() async throws {
        let dataDirectory = URL(fileURLWithPath: storage.data, isDirectory: true)
        do {
            try FileManager.default.createDirectory(at: dataDirectory, withIntermediateDirectories: true)
        } catch {
            // Not a usage error: the command line is right, the machine refuses it (exit 1, without the usage text).
            throw CommandFailure.refused("Cannot create the data folder \(dataDirectory.path): \(error.localizedDescription)")
        }
        let log = LogWriter()
        defer { log.flush() }
        let format = logFormat
        var logger = Logger(label: "qwinkle") { label in
            BufferedLogHandler(writer: log, label: label, format: format == .json ? .json : .text)
        }
        logger.logLevel = .info
        var configuration = ServerConfiguration(
            host: host, port: port, dataDirectory: dataDirectory, rateLimits: try Self.rateLimits(rateLimits), trustedProxies: trustedProxies,
            metrics: MetricsExposure(metrics) ?? .withServer
        )
        configuration.oauthPasswordGrant = oauthPasswordGrant
        configuration.federation = try federationSetting()
        configuration.publicURL = FederationOrigin(publicURL)?.base
        guard (1...(1 << 30)).contains(remoteMediaCache) else { throw ValidationError("--remote-media-cache must be a number of MiB from 1.") }
        configuration.remotePictureCacheBytes = remoteMediaCache << 20
        if let federationDeliveryHold {
            guard federationDeliveryHold >= 1 else { throw ValidationError("--federation-delivery-hold must be at least 1 second.") }
            configuration.deliverySettings.hold = .seconds(federationDeliveryHold)
        }
        let announce: @Sendable (String) async -> Void = { address in
            // Written unbuffered: standard output may be a pipe whose reader waits for this line.
            StandardStream(.output).write("Qwinkle is listening on http://\(address)\n")
        }
        let announceMetrics: @Sendable (String) async -> Void = { address in
            StandardStream(.output).write("Metrics are served on http://\(address)/metrics\n")
        }
        do {
            try await serve(
                database: storage.database, dataDirectory: dataDirectory, configuration: configuration, logger: logger, announce: announce,
                announceMetrics: announceMetrics
            )
        } catch let error as InvalidTrustedProxy {
            throw CommandFailure.refused("--trusted-proxy \(error.description)")
        } catch let error where PortInUse.matches(error) {
            throw CommandFailure.refused(PortInUse.message(host: host, port: port, metrics: configuration.metrics))
        }
        StandardStream(.output).write("Qwinkle stopped.\n")
    }

    /// Serves from the database, or else from the data folder's SQLite file.
    private func serve(
        database: String, dataDirectory: URL, configuration: ServerConfiguration, logger: Logger,
        announce: @escaping @Sendable (String) async -> Void, announceMetrics: @escaping @Sendable (String) async -> Void
    ) async throws {
        if !database.isEmpty {
            try await serve(
                on: try Self.postgresURL(database), configuration: configuration, logger: logger, announce: announce, announceMetrics: announceMetrics
            )
        } else {
            let storage = try SQLiteStorage(path: DataFolder(dataDirectory).database.path)
            let app = try buildApplication(
                configuration: configuration, storage: storage, photoBytes: try PhotoFiles(dataDirectory: dataDirectory), logger: logger,
                onServerRunning: announce, onMetricsRunning: announceMetrics
            )
            try await app.runService()
        }
    }

    /// Serves as one of the servers sharing a PostgreSQL database: photos in the database, live news over it.
    private func serve(
        on url: PostgresURL, configuration: ServerConfiguration, logger: Logger, announce: @escaping @Sendable (String) async -> Void,
        announceMetrics: @escaping @Sendable (String) async -> Void
    ) async throws {
        do {
            try await url.checkConnection(logger: logger)
        } catch {
            throw CommandFailure.refused("\(error)")
        }
        let storage = PostgresStorage(url: url, logger: logger)
        do {
            try await storage.withRunning { storage in
                let app = try buildApplication(
                    configuration: configuration, storage: storage, photoBytes: storage, channel: storage, rateLimiter: storage, logger: logger,
                    onServerRunning: announce, onMetricsRunning: announceMetrics
                )
                try await app.runService()
            }
        } catch let error as PostgresStorage.SchemaTooNew {
            throw CommandFailure.refused(error.description)
        } catch StorageError.unavailable {
            throw CommandFailure.refused("Cannot reach the database at \(url); is PostgreSQL running there, and do the user and password work?")
        }
    }

    /// The rate limits a `--rate-limits` value names: Mastodon's when empty, none for `off`, else a JSON file's.
    static func rateLimits(_ value: String) throws -> RateLimits {
        switch value {
        case "": return RateLimits()
        case "off": return .off
        default:
            let data: Data
            do { data = try Data(contentsOf: URL(fileURLWithPath: value)) } catch {
                throw CommandFailure.refused("Cannot read the rate limits file \(value): \(error.localizedDescription)")
            }
            do { return try JSONDecoder().decode(RateLimits.self, from: data) } catch let error as DecodingError {
                throw CommandFailure.refused("The rate limits file \(value) is not valid: \(Self.describe(error))")
            }
        }
    }

    private static func describe(_ error: DecodingError) -> String {
        switch error {
        case .dataCorrupted(let context), .keyNotFound(_, let context), .typeMismatch(_, let context), .valueNotFound(_, let context):
            let path = context.codingPath.map(\.stringValue).joined(separator: ".")
            return path.isEmpty ? context.debugDescription : "\(path): \(context.debugDescription)"
        @unknown default:
            return "\(error)"
        }
    }

    /// The database URL, or a one-line refusal naming what is wrong with it.
    private static func postgresURL(_ text: String) throws -> PostgresURL {
        do {
            return try PostgresURL(text)
        } catch {
            throw CommandFailure.refused("\(error)")
        }
    }
}
