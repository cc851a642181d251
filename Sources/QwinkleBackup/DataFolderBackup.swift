import Crypto
import Foundation
import GRDB
import QwinkleStorage

/// Backs up a data folder (its SQLite database and photos) while its server keeps running, into one tar archive,
/// and restores one into an empty folder.
///
/// The database is copied with SQLite's online backup in one step inside a read transaction: a snapshot as of one
/// moment, taken while writers go on (in WAL mode readers do not block them). The photos the snapshot names are
/// then added; their bytes were stored before their records were committed, so each is there unless its account
/// was deleted since, which the report counts.
public enum DataFolderBackup {
    /// What a backup holds.
    public struct Report: Sendable, Equatable {
        /// The database's size in bytes.
        public var databaseBytes: UInt64
        /// How many photos' bytes were added.
        public var photos: Int
        /// Photos the database names whose bytes were gone (their account deleted after the snapshot).
        public var missingPhotos: Int
    }

    /// Writes a backup of `dataDirectory` to `archive`, replacing it whole only once the backup is complete.
    public static func backup(dataDirectory: URL, to archive: URL) throws -> Report {
        let folder = DataFolder(dataDirectory)
        let database = folder.database
        guard FileManager.default.fileExists(atPath: database.path) else { throw BackupError.noDatabase(dataDirectory.path) }
        let partial = archive.deletingLastPathComponent().appendingPathComponent(".\(archive.lastPathComponent).partial")
        let snapshot = archive.deletingLastPathComponent().appendingPathComponent(".\(archive.lastPathComponent).sqlite")
        // A snapshot left by an earlier backup that stopped would be backed up into, so it goes first too.
        let leftovers = [partial.path] + ["", "-wal", "-shm"].map { snapshot.path + $0 }
        let removeLeftovers = { for path in leftovers { try? FileManager.default.removeItem(atPath: path) } }
        removeLeftovers()
        defer { removeLeftovers() }

        let hashes = try copyDatabase(database, to: snapshot)
        let writer = try TarWriter(creating: partial)
        var report = Report(databaseBytes: 0, photos: 0, missingPhotos: 0)
        do {
            let photos = hashes.filter { FileManager.default.fileExists(atPath: folder.photo(sha256: $0).path) }
            report.missingPhotos = hashes.count - photos.count
            try writer.add(try BackupManifest(createdAt: Date(), photos: photos.count).encoded(), as: BackupManifest.fileName)
            report.databaseBytes = try writer.addFile(at: snapshot, as: DataFolder.databaseName)
            for hash in photos {
                try writer.addFile(at: folder.photo(sha256: hash), as: DataFolder.photoPath(sha256: hash))
                report.photos += 1
            }
            try writer.finish()
        } catch {
            writer.abandon()
            throw error
        }
        guard rename(partial.path, archive.path) == 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: archive.path])
        }
        return report
    }

    /// The snapshot: SQLite's online backup from a read-only connection into a new file, which then holds the
    /// whole database (no log beside it). Returns the photos' hashes it names.
    private static func copyDatabase(_ database: URL, to snapshot: URL) throws -> [String] {
        var configuration = Configuration()
        configuration.readonly = true
        // The server may be writing: wait for its locks rather than failing at once.
        configuration.busyMode = .timeout(10)
        let source = try DatabaseQueue(path: database.path, configuration: configuration)
        defer { try? source.close() }
        let copy = try DatabaseQueue(path: snapshot.path)
        defer { try? copy.close() }
        try source.backup(to: copy)
        try copy.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA journal_mode = DELETE") }
        return try copy.read { db in try String.fetchAll(db, sql: "SELECT DISTINCT sha256 FROM photos ORDER BY sha256") }
    }

    /// What a restore put in place.
    public struct Restored: Sendable, Equatable {
        /// When the backup's database was copied.
        public var createdAt: Date
        /// How many photos' bytes were restored.
        public var photos: Int
    }

    /// Restores `archive` into `dataDirectory`, which must be new or empty. Every file is checked (the manifest, the
    /// names, each photo's SHA-256, the database's integrity) before anything is put in place, and a failure leaves
    /// the folder as it was.
    public static func restore(from archive: URL, into dataDirectory: URL) throws -> Restored {
        let manager = FileManager.default
        let existed = manager.fileExists(atPath: dataDirectory.path)
        if existed, !(try manager.contentsOfDirectory(atPath: dataDirectory.path)).isEmpty {
            throw BackupError.notEmpty(dataDirectory.path)
        }
        let staging = dataDirectory.appendingPathComponent(".restoring", isDirectory: true)
        try manager.createDirectory(at: staging, withIntermediateDirectories: true)
        do {
            let restored = try unpack(archive, into: staging)
            for name in [DataFolder.databaseName, DataFolder.photosName] where manager.fileExists(atPath: staging.appendingPathComponent(name).path) {
                try manager.moveItem(at: staging.appendingPathComponent(name), to: dataDirectory.appendingPathComponent(name))
            }
            try manager.removeItem(at: staging)
            return restored
        } catch {
            if existed {
                for name in (try? manager.contentsOfDirectory(atPath: dataDirectory.path)) ?? [] {
                    try? manager.removeItem(at: dataDirectory.appendingPathComponent(name))
                }
            } else {
                try? manager.removeItem(at: dataDirectory)
            }
            throw error
        }
    }

    private static func unpack(_ archive: URL, into staging: URL) throws -> Restored {
        let reader = try TarReader(reading: archive)
        guard let first = try reader.next(), first.name == BackupManifest.fileName, first.isRegularFile else {
            throw BackupError.damaged("it is not a Qwinkle backup (no \(BackupManifest.fileName) first)")
        }
        let manifest = try BackupManifest.decode(try reader.content(of: first, limit: 64 * 1024))
        var hasDatabase = false
        var photos = 0
        while let header = try reader.next() {
            guard header.isRegularFile else { throw BackupError.damaged("\(header.name) is not a regular file") }
            if header.name == DataFolder.databaseName, !hasDatabase {
                try reader.copyContent(of: header, to: DataFolder(staging).database)
                hasDatabase = true
            } else if let hash = photoHash(inName: header.name) {
                let destination = DataFolder(staging).photo(sha256: hash)
                try FileManager.default.createDirectory(at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
                try reader.copyContent(of: header, to: destination)
                guard try sha256(of: destination) == hash else { throw BackupError.damaged("the photo \(hash) is damaged") }
                photos += 1
            } else {
                throw BackupError.damaged("it holds \(header.name), which no Qwinkle backup does")
            }
        }
        guard hasDatabase else { throw BackupError.damaged("it has no database") }
        guard photos == manifest.photos else {
            throw BackupError.damaged("it holds \(photos) photos where its manifest says \(manifest.photos)")
        }
        try checkIntegrity(of: DataFolder(staging).database)
        return Restored(createdAt: manifest.createdAt, photos: photos)
    }

    /// SQLite's full integrity check of a database file.
    public static func checkIntegrity(of database: URL) throws {
        var configuration = Configuration()
        configuration.readonly = true
        let result: [String]
        do {
            let queue = try DatabaseQueue(path: database.path, configuration: configuration)
            defer { try? queue.close() }
            result = try queue.read { db in try String.fetchAll(db, sql: "PRAGMA integrity_check") }
        } catch let error as DatabaseError {
            throw BackupError.integrity(error.message ?? "SQLite cannot read it")
        }
        guard result == ["ok"] else { throw BackupError.integrity(result.prefix(5).joined(separator: "; ")) }
    }

    /// The hash a photo's entry names, or `nil` for any other name (so nothing outside the folder is written).
    private static func photoHash(inName name: String) -> String? {
        let parts = name.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0] == DataFolder.photosName, parts[2].count == 64,
            parts[2].allSatisfy({ $0.isHexDigit && !$0.isUppercase }), parts[1] == parts[2].prefix(2)
        else { return nil }
        return String(parts[2])
    }

    private static func sha256(of url: URL) throws -> String {
        let handle = try FileHandle(forReadingFrom: url)
        defer { try? handle.close() }
        var hasher = SHA256()
        while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty { hasher.update(data: chunk) }
        return hasher.finalize().map { String(format: "%02x", $0) }.joined()
    }
}
