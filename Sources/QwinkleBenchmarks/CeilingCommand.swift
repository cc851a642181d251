import ArgumentParser
import Foundation
import Hummingbird
import Logging
import NIOCore

/// `qwinkle-bench ceiling`: a bare Hummingbird route, served the way `qwinkle serve` is, so the server benchmark can
/// tell the framework's own cost per request from Qwinkle's.
struct CeilingCommand: AsyncParsableCommand {
    /// The command's name and help; hidden, since only the server benchmark starts it.
    static let configuration = CommandConfiguration(
        commandName: "ceiling",
        abstract: "Serve one tiny GET route with Hummingbird alone (the server benchmark's ceiling).",
        shouldDisplay: false
    )

    /// The line the server benchmark waits for, as `qwinkle serve` prints it.
    static let listeningPrefix = "Ceiling is listening on http://"

    @Option(help: "The port to listen on; 0 picks a free one.")
    var port = 0

    @Option(help: "The address to listen on.")
    var host = "127.0.0.1"

    /// Serves until SIGTERM or SIGINT.
    func run() async throws {
        let router = Router()
        router.get("/") { _, _ in "ok" }
        var logger = Logger(label: "ceiling")
        logger.logLevel = .warning
        let host = host
        let app = Application(
            router: router,
            configuration: .init(address: .hostname(host, port: port), serverName: "Ceiling"),
            onServerRunning: { channel in
                let address = channel.localAddress.map { "\($0.ipAddress ?? host):\($0.port ?? 0)" } ?? host
                FileHandle.standardOutput.write(Data("\(Self.listeningPrefix)\(address)\n".utf8))
            },
            logger: logger
        )
        try await app.runService()
    }
}
