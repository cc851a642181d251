import ArgumentParser
import Foundation
import GRDB
import Logging
import PostgresNIO
import QwinkleStorage
import QwinkleStoragePostgres
import QwinkleStorageSQL

/// `qwinkle-bench copy-to-postgres`: copies a seeded folder into a PostgreSQL database, so the server benchmark can
/// load the same data on either backend.
struct CopyToPostgresCommand: AsyncParsableCommand {
    /// The command's name and help.
    static let configuration = CommandConfiguration(
        commandName: "copy-to-postgres",
        abstract: "Copy a folder seeded with `qwinkle-bench seed` into an empty PostgreSQL database.",
        discussion: """
            Brings the database's schema up to date, copies every table of DIR/qwinkle.sqlite row for row with \
            COPY (IDs included, so the seed's tokens and facts hold), puts the photos under DIR/photos into the \
            database, and sets each ID sequence past the copied rows. Then `qwinkle-bench server --data DIR \
            --database URL` benchmarks the same data on PostgreSQL.
            """
    )

    @Option(help: ArgumentHelp("A folder seeded with `qwinkle-bench seed`.", valueName: "folder"))
    var data: String

    @Option(help: ArgumentHelp("An empty PostgreSQL database.", valueName: "postgres://user:password@host:port/database"))
    var database: String

    /// The tables, parents before children, so every reference finds its row. (`account_stats` is not copied: the
    /// database's triggers keep it as the accounts, follows and entries arrive.)
    static let tables = [
        "accounts", "oauth_apps", "tokens", "follows", "journal_readers", "photos", "entries", "entry_photos", "entry_revisions",
        "entry_tags", "marks", "idempotency_keys", "conversations", "conversation_participants", "messages", "message_photos",
        "trashed_entries",
    ]

    /// The tables whose `id` is drawn from a sequence.
    static let sequenced = ["accounts", "oauth_apps", "follows", "photos", "entries", "marks", "conversations", "messages", "trashed_entries"]

    func run() async throws {
        let folder = URL(fileURLWithPath: data, isDirectory: true)
        let url = try PostgresURL(database)
        var logger = Logger(label: "qwinkle-bench")
        logger.logLevel = .warning
        try await url.checkConnection(logger: logger)
        // The storage migrates the schema; then the copy runs on a client of its own.
        try await PostgresStorage(url: url, logger: logger).withRunning { _ in }
        let source = try DatabaseQueue(path: DataFolder(folder).database.path)
        var configuration = url.clientConfiguration
        configuration.options.additionalStartupParameters = [("search_path", url.schema), ("TimeZone", "UTC")]
        let client = PostgresClient(configuration: configuration, backgroundLogger: logger)
        let started = ContinuousClock.now
        try await client.whileRunning(logger: logger) {
            try await client.withConnection { connection in
                for table in Self.tables {
                    let count = try await copy(table, from: source, to: connection, logger: logger)
                    Output.line("copy: \(table) \(count) rows (\(String(format: "%.1f", (ContinuousClock.now - started).seconds)) s)")
                }
                for table in Self.sequenced {
                    _ = try await connection.query(
                        PostgresQuery(unsafeSQL: "SELECT setval(pg_get_serial_sequence('\(table)', 'id'), coalesce(max(id), 0) + 1, false) FROM \(table)"),
                        logger: logger
                    ).collect()
                }
                try await copyPhotos(in: folder, to: connection, logger: logger)
                // Fresh statistics, as a database that had grown by itself would have.
                _ = try await connection.query("ANALYZE", logger: logger).collect()
            }
        }
        Output.line("copied \(folder.path) to \(url) in \(String(format: "%.1f", (ContinuousClock.now - started).seconds)) s")
    }

    /// Streams one table's rows with COPY in its text format, in batches of about a megabyte; returns how many.
    private func copy(_ table: String, from source: DatabaseQueue, to connection: PostgresConnection, logger: Logger) async throws -> Int {
        let columns = try await source.read { db in try db.columns(in: table).map(\.name) }
        let rows = try await source.read { db in
            try Row.fetchAll(db, sql: "SELECT \(columns.joined(separator: ", ")) FROM \(table)").map { row in
                row.databaseValues.map(Self.copyText).joined(separator: "\t") + "\n"
            }
        }
        try await connection.copyFrom(table: table, columns: columns, logger: logger) { writer in
            var buffer = ByteBuffer()
            for line in rows {
                buffer.writeString(line)
                if buffer.readableBytes > 1 << 20 {
                    try await writer.write(buffer)
                    buffer.clear()
                }
            }
            if buffer.readableBytes > 0 { try await writer.write(buffer) }
        }
        return rows.count
    }

    /// A value as COPY's text format writes it: `\N` for NULL, backslash escapes for what would end a field.
    private static func copyText(_ value: DatabaseValue) -> String {
        switch value.storage {
        case .null: return "\\N"
        case .int64(let number): return String(number)
        case .double(let number): return String(number)
        case .string(let text):
            var escaped = ""
            escaped.reserveCapacity(text.utf8.count)
            for character in text.unicodeScalars {
                switch character {
                case "\\": escaped += "\\\\"
                case "\t": escaped += "\\t"
                case "\n": escaped += "\\n"
                case "\r": escaped += "\\r"
                default: escaped.unicodeScalars.append(character)
                }
            }
            return escaped
        case .blob(let data): return "\\\\x" + data.map { String(format: "%02x", $0) }.joined()
        }
    }

    /// Puts every photo file of the folder into `photo_bytes`.
    private func copyPhotos(in folder: URL, to connection: PostgresConnection, logger: Logger) async throws {
        let root = DataFolder(folder).photos
        guard let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { return }
        var count = 0
        for case let file as URL in files where file.lastPathComponent.count == 64 {
            let bytes = try Data(contentsOf: file)
            _ = try await connection.query(
                "INSERT INTO photo_bytes (sha256, bytes) VALUES (\(file.lastPathComponent), \(ByteBuffer(bytes: bytes))) ON CONFLICT DO NOTHING",
                logger: logger
            ).collect()
            count += 1
        }
        Output.line("copy: \(count) photos")
    }
}
