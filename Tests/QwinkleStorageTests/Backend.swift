import Foundation
import Logging
import PostgresNIO
import QwinkleStorage
import QwinkleStoragePostgres
import QwinkleStorageSQL
import QwinkleStorageSQLite
import QwinkleTestSupport
import Testing

/// A storage backend the conformance suite runs against: adding a backend is one more case.
enum Backend: String, CaseIterable, Sendable, CustomTestStringConvertible {
    /// One SQLite file through GRDB (a `DatabasePool`), in a temporary directory.
    case sqliteFile = "SQLite file"
    /// SQLite in memory through GRDB (a `DatabaseQueue`).
    case sqliteInMemory = "SQLite in memory"
    /// PostgreSQL, in a schema of its own on the database `QWINKLE_TEST_DATABASE` names.
    case postgres = "PostgreSQL"

    var testDescription: String { rawValue }

    /// The backends that can run here: PostgreSQL only when `QWINKLE_TEST_DATABASE` names a database (the
    /// `PostgreSQL storage` suite says so when it is skipped).
    static var allCases: [Backend] {
        PostgresTestDatabase.url == nil ? [.sqliteFile, .sqliteInMemory] : [.sqliteFile, .sqliteInMemory, .postgres]
    }

    /// Runs `body` with a fresh, empty storage of this backend, and removes the storage afterwards.
    ///
    /// A scope rather than a returned value, because a backend may need something running while it is used
    /// (a PostgreSQL client's `run()`) and something removed after it (a file, a schema).
    func withStorage<Result>(_ body: (any Storage) async throws -> Result) async throws -> Result {
        switch self {
        case .sqliteFile:
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            return try await body(SQLiteStorage(path: directory.file("qwinkle.sqlite")))
        case .sqliteInMemory:
            return try await body(SQLiteStorage.inMemory())
        case .postgres:
            return try await PostgresTestDatabase.withStorage { storage in try await body(storage) }
        }
    }
}

/// A directory of its own under the system's temporary directory, for files a test makes.
struct TemporaryDirectory {
    let url: URL

    /// Creates an empty directory.
    init() throws {
        url = FileManager.default.temporaryDirectory.appending(path: "qwinkle-storage-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// The path of a file in the directory.
    func file(_ name: String) -> String {
        url.appending(path: name).path(percentEncoded: false)
    }

    /// Removes the directory and everything in it.
    func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}
