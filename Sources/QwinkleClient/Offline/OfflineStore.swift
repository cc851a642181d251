import Foundation
import GRDB
import QwinkleKit

/// The client's offline database: the timelines last seen and the outbox of entries written while offline, in one
/// SQLite file (by default `offline.sqlite` in the data folder).
///
/// The file says what it is and which version wrote it (`qwinkle.offline`, format version 2), and one from a newer
/// Qwinkle or of another kind is refused before anything in it is touched. Each write is one transaction, and
/// WAL mode lets several `qwinkle` processes share the file.
public struct OfflineStore: Sendable {
    /// The format name the file records.
    public static let formatName = "qwinkle.offline"
    /// The format version this Qwinkle writes; it reads this one and, by migrating them, all older ones.
    public static let formatVersion = 2
    /// The file's name in the data folder.
    public static let fileName = "offline.sqlite"

    /// Where the database file is.
    public let path: String
    let pool: DatabasePool

    /// Opens (creating if needed) the database at `path` and brings its schema up to date.
    public init(path: String) throws(OfflineError) {
        self.path = path
        do {
            var configuration = Configuration()
            // Several `qwinkle` processes may share the file; wait for a busy writer instead of failing at once.
            configuration.busyMode = .timeout(10)
            pool = try DatabasePool(path: path, configuration: configuration)
            // An outbox item must survive a power cut once `enqueue` returns: FULL syncs every commit.
            try pool.barrierWriteWithoutTransaction { db in try db.execute(sql: "PRAGMA synchronous = FULL") }
            // Checked before migrating, so a newer Qwinkle's file is refused exactly as it was found.
            try pool.read { db in try Self.checkFormat(db) }
            try Self.migrator.migrate(pool)
        } catch {
            throw Self.offlineError(error, path: path)
        }
    }

    /// Opens `offline.sqlite` in the data folder, creating the folder (mode 0700) if needed.
    public init(directories: XDGDirectories) throws(OfflineError) {
        let folder = directories.data
        do {
            try XDGDirectories.create(folder)
        } catch {
            throw .database(path: folder.path, reason: "its folder could not be created (\(error.localizedDescription))")
        }
        try self.init(path: folder.appendingPathComponent(Self.fileName).path)
    }

    /// Reads in one snapshot, reporting any failure as an `OfflineError`.
    func read<Value: Sendable>(_ value: @escaping @Sendable (Database) throws -> Value) async throws(OfflineError) -> Value {
        try await uncancellable { [pool] in try await pool.read(value) }
    }

    /// Writes in one transaction, reporting any failure as an `OfflineError`.
    func write<Value: Sendable>(_ updates: @escaping @Sendable (Database) throws -> Value) async throws(OfflineError) -> Value {
        try await uncancellable { [pool] in try await pool.write(updates) }
    }

    /// Runs database work in a task of its own, so a cancelled caller does not skip it: a result from the server
    /// must be recorded once it has been received, and a cancelled flush notices at its own checks and says so,
    /// instead of failing with a database error. The work is short.
    private func uncancellable<Value: Sendable>(_ work: @escaping @Sendable () async throws -> Value) async throws(OfflineError) -> Value {
        do {
            return try await Task { try await work() }.value
        } catch {
            throw Self.offlineError(error, path: path)
        }
    }

    /// Any failure as an `OfflineError`: format problems as unreadable, the rest as database failures.
    static func offlineError(_ error: any Error, path: String) -> OfflineError {
        switch error {
        case let error as OfflineError:
            error
        case let error as FormatError:
            .unreadable(path: path, error)
        case let error as DatabaseError where error.resultCode == .SQLITE_NOTADB:
            .unreadable(path: path, .wrongFormat(expected: formatName, found: "non-SQLite"))
        case let error as DatabaseError:
            .database(path: path, reason: error.message ?? error.resultCode.description)
        default:
            .database(path: path, reason: String(describing: error))
        }
    }
}
