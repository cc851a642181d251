import ArgumentParser
import Foundation
import Logging
import QwinkleCLI
import QwinkleServices
import QwinkleStorage
import QwinkleStoragePostgres
import QwinkleStorageSQL
import QwinkleStorageSQLite

/// Where a server's data is: `qwinkle serve` keeps it there, `qwinkle admin` changes it there.
struct StorageOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The server's data folder, created on the server's first run (QWINKLE_DATA).", valueName: "folder"))
    var data: String = ProcessInfo.processInfo.environment["QWINKLE_DATA"] ?? "./qwinkle-data"

    @Option(
        help: ArgumentHelp(
            "A PostgreSQL database that keeps everything, instead of the data folder (QWINKLE_DATABASE).",
            valueName: "postgres://user:password@host:port/database"
        )
    )
    var database: String = ProcessInfo.processInfo.environment["QWINKLE_DATABASE"] ?? ""

    /// Runs `body` with the federation's service over the server's storage (see `withStorage`).
    func withFederation<Value: Sendable>(_ body: @escaping @Sendable (FederationService) async throws -> Value) async throws -> Value {
        try await withStorage { storage, _ in
            try await body(FederationService(context: ServiceContext(storage: storage, events: InProcessEntryEventBus())))
        }
    }

    /// Runs `body` with the moderation service (as the operator: what it logs names no moderator).
    func withModeration<Value: Sendable>(_ body: @escaping @Sendable (ModerationService) async throws -> Value) async throws -> Value {
        try await withStorage { storage, _ in
            let context = ServiceContext(storage: storage, events: InProcessEntryEventBus())
            return try await body(ModerationService(context: context, entries: EntryService(context: context)))
        }
    }

    /// Runs `body` with the federation's service and the photo service, whose bytes are where `qwinkle serve` keeps
    /// them (the data folder for SQLite, the database for PostgreSQL).
    func withFederationAndPhotos<Value: Sendable>(
        _ body: @escaping @Sendable (FederationService, PhotoService) async throws -> Value
    ) async throws -> Value {
        try await withStorage { storage, bytes in
            let context = ServiceContext(storage: storage, events: InProcessEntryEventBus())
            return try await body(FederationService(context: context), PhotoService(context: context, bytes: bytes))
        }
    }

    /// Runs `body` with the server's storage open, brought up to date as `qwinkle serve` would.
    func withStorage<Value: Sendable>(_ body: @escaping @Sendable (any Storage) async throws -> Value) async throws -> Value {
        try await withStorage { storage, _ in try await body(storage) }
    }

    /// Runs `body` with the server's storage open and where its photos' bytes are kept.
    func withStorage<Value: Sendable>(_ body: @escaping @Sendable (any Storage, any PhotoBytesStore) async throws -> Value) async throws -> Value {
        var logger = Logger(label: "qwinkle-admin")
        logger.logLevel = .error
        if database.isEmpty {
            let folder = DataFolder(URL(fileURLWithPath: data, isDirectory: true))
            guard FileManager.default.fileExists(atPath: folder.database.path) else {
                throw CommandFailure.refused("There is no Qwinkle database in \(data); name the server's folder with --data.")
            }
            return try await body(try SQLiteStorage(path: folder.database.path), try PhotoFiles(dataDirectory: folder.url))
        }
        let url: PostgresURL
        do { url = try PostgresURL(database) } catch { throw CommandFailure.refused("\(error)") }
        do {
            return try await PostgresStorage(url: url, logger: logger).withRunning { storage in try await body(storage, storage) }
        } catch StorageError.unavailable {
            throw CommandFailure.refused("Cannot reach the database at \(url); is PostgreSQL running there, and do the user and password work?")
        }
    }
}
