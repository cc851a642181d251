import ArgumentParser
import Foundation
import Hummingbird
import Logging
import QwinkleServer
import QwinkleStorage
import QwinkleStoragePostgres
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

    @Option(help: ArgumentHelp("The data folder, created on first run (QWINKLE_DATA).", valueName: "folder"))
    var data: String = ProcessInfo.processInfo.environment["QWINKLE_DATA"] ?? "./qwinkle-data"

    @Option(
        help: ArgumentHelp(
            "A PostgreSQL database to keep everything in, instead of the data folder (QWINKLE_DATABASE).",
            valueName: "postgres://user:password@host:port/database"
        )
    )
    var database: String = ProcessInfo.processInfo.environment["QWINKLE_DATABASE"] ?? ""

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
        let configuration = ServerConfiguration(host: host, port: port, dataDirectory: dataDirectory)
        let announce: @Sendable (String) async -> Void = { address in
            // Written unbuffered: standard output may be a pipe whose reader waits for this line.
            FileHandle.standardOutput.write(Data("Qwinkle is listening on http://\(address)\n".utf8))
        }
        if !database.isEmpty {
            try await serve(on: try Self.postgresURL(database), configuration: configuration, logger: logger, announce: announce)
        } else {
            let storage = try SQLiteStorage(path: dataDirectory.appendingPathComponent("qwinkle.sqlite").path)
            let app = try buildApplication(configuration: configuration, storage: storage, logger: logger, onServerRunning: announce)
            try await app.runService()
        }
        FileHandle.standardOutput.write(Data("Qwinkle stopped.\n".utf8))
    }

    /// Serves as one of the servers sharing a PostgreSQL database: photos in the database, live news over it.
    private func serve(
        on url: PostgresURL, configuration: ServerConfiguration, logger: Logger, announce: @escaping @Sendable (String) async -> Void
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
                    configuration: configuration, storage: storage, photoBytes: storage, channel: storage, logger: logger,
                    onServerRunning: announce
                )
                try await app.runService()
            }
        } catch let error as PostgresStorage.SchemaTooNew {
            throw CommandFailure.refused(error.description)
        } catch StorageError.unavailable {
            throw CommandFailure.refused("Cannot reach the database at \(url); is PostgreSQL running there, and do the user and password work?")
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
