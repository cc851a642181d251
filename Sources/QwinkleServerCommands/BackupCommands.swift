import ArgumentParser
import Foundation
import QwinkleBackup
import QwinkleCLI
import QwinkleKit

/// `qwinkle backup`: a consistent copy of a data folder, taken while its server keeps running.
struct BackupCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "backup",
        abstract: "Back up a data folder (its database and photos) into one file, while its server runs.",
        discussion: """
            The database is copied with SQLite's online backup as of one moment while writes go on, then the photos \
            it names are added. The file is a tar archive, written beside --to and moved into place only when \
            complete. Restore it with `qwinkle restore-backup`. With PostgreSQL, back up with pg_dump (see docs/running-a-server.md).

            Example:
              qwinkle backup --data ./qwinkle-data --to qwinkle-$(date +%F).tar
            """
    )

    @Option(help: ArgumentHelp("The data folder of the server (QWINKLE_DATA).", valueName: "folder"))
    var data: String = ProcessInfo.processInfo.environment["QWINKLE_DATA"] ?? "./qwinkle-data"
    @Option(help: ArgumentHelp("The backup file to write.", valueName: "file")) var to: String

    func run() async throws {
        let (folder, archive) = (URL(fileURLWithPath: data, isDirectory: true), URL(fileURLWithPath: to))
        let report = try await BackupCommand.blocking { try DataFolderBackup.backup(dataDirectory: folder, to: archive) }
        let megabytes = String(format: "%.1f", Double(report.databaseBytes) / 1_048_576)
        var line = "Backed up \(data) to \(to): the database (\(megabytes) MiB) and \(Plural.count(report.photos, "photo"))."
        if report.missingPhotos > 0 {
            line += report.missingPhotos == 1
                ? " 1 photo was deleted with its account during the backup."
                : " \(report.missingPhotos) photos were deleted with their accounts during the backup."
        }
        CommandContext.current.print(line)
    }

    /// Runs blocking file and database work on a thread of its own, keeping the concurrency pool free, and turns a
    /// backup's refusal into the command's one-line failure.
    static func blocking<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) async throws -> Value {
        do {
            return try await withCheckedThrowingContinuation { continuation in
                Thread.detachNewThread { continuation.resume(with: Result(catching: work)) }
            }
        } catch let error as BackupError {
            throw CommandFailure.refused(error.description)
        }
    }
}

/// `qwinkle restore-backup`: a backup put in place in a new data folder.
struct RestoreBackupCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "restore-backup",
        abstract: "Restore a backup made by `qwinkle backup` into a new or empty data folder.",
        discussion: """
            Every file is checked first (each photo's SHA-256, the database's integrity); a backup that fails a check \
            is refused and leaves the folder as it was. Then run `qwinkle serve --data` on the folder.

            Example:
              qwinkle restore-backup qwinkle-2026-11-23.tar --data ./qwinkle-data
            """
    )

    @Argument(help: ArgumentHelp("The backup file.", valueName: "file")) var file: String
    @Option(help: ArgumentHelp("The data folder to restore into: new or empty (QWINKLE_DATA).", valueName: "folder"))
    var data: String = ProcessInfo.processInfo.environment["QWINKLE_DATA"] ?? "./qwinkle-data"

    func run() async throws {
        let (archive, folder) = (URL(fileURLWithPath: file), URL(fileURLWithPath: data, isDirectory: true))
        guard FileManager.default.fileExists(atPath: archive.path) else { throw CommandFailure.refused("There is no file \(file).") }
        let restored = try await BackupCommand.blocking { try DataFolderBackup.restore(from: archive, into: folder) }
        CommandContext.current.print(
            "Restored the backup of \(restored.createdAt.formatted(.iso8601)) into \(data), with \(Plural.count(restored.photos, "photo"))."
        )
    }
}
