import ArgumentParser
import Foundation
import Hummingbird
import Logging
import QwinkleServer
import QwinkleStorageSQLite

/// `qwinkle serve`: runs a Qwinkle server with its data in one SQLite file.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Run a Qwinkle server.",
        discussion: """
            Keeps everything in the data folder: the SQLite database (qwinkle.sqlite) and the photos. \
            Stops cleanly on Ctrl-C (SIGINT) or SIGTERM, finishing requests in flight.

            Example:
              qwinkle serve --port 8080 --data ./qwinkle-data
            """
    )

    @Option(help: ArgumentHelp("The address to listen on (QWINKLE_HOST).", valueName: "address"))
    var host: String = ProcessInfo.processInfo.environment["QWINKLE_HOST"] ?? "127.0.0.1"

    @Option(help: ArgumentHelp("The port to listen on; 0 picks a free one (QWINKLE_PORT).", valueName: "port"))
    var port: Int = ProcessInfo.processInfo.environment["QWINKLE_PORT"].flatMap(Int.init) ?? 8080

    @Option(help: ArgumentHelp("The data folder, created on first run (QWINKLE_DATA).", valueName: "folder"))
    var data: String = ProcessInfo.processInfo.environment["QWINKLE_DATA"] ?? "./qwinkle-data"

    func validate() throws {
        guard (0...65_535).contains(port) else { throw ValidationError("--port must be between 0 and 65535, not \(port).") }
    }

    func run() async throws {
        let dataDirectory = URL(fileURLWithPath: data, isDirectory: true)
        do {
            try FileManager.default.createDirectory(at: dataDirectory, withIntermediateDirectories: true)
        } catch {
            throw ValidationError("Cannot create the data folder \(dataDirectory.path): \(error.localizedDescription)")
        }
        let log = LogWriter()
        defer { log.flush() }
        var logger = Logger(label: "qwinkle") { label in BufferedLogHandler(writer: log, label: label) }
        logger.logLevel = .info
        let storage = try SQLiteStorage(path: dataDirectory.appendingPathComponent("qwinkle.sqlite").path)
        let configuration = ServerConfiguration(host: host, port: port, dataDirectory: dataDirectory)
        let app = try buildApplication(configuration: configuration, storage: storage, logger: logger) { address in
            // Written unbuffered: standard output may be a pipe whose reader waits for this line.
            FileHandle.standardOutput.write(Data("Qwinkle is listening on http://\(address)\n".utf8))
        }
        try await app.runService()
        FileHandle.standardOutput.write(Data("Qwinkle stopped.\n".utf8))
    }
}
