import Foundation
import Logging
import PostgresNIO
import QwinkleStorage
import QwinkleStorageSQL

extension PostgresStorage: SQLDatabase {
    /// Runs `body` with a pooled connection, outside any transaction.
    public func read<Result: Sendable>(
        _ body: @escaping @Sendable (any SQLConnection) async throws -> Result
    ) async throws -> Result {
        try await reading { [self] connection in try await body(sql(connection)) }
    }

    /// Runs a read of one statement, as `read` does.
    public func readStatement<Result: Sendable>(
        _ body: @escaping @Sendable (any SQLConnection) async throws -> Result
    ) async throws -> Result {
        try await read(body)
    }

    /// SQLSTATE 23505, `unique_violation`.
    public func isUniqueViolation(_ error: any Error) -> Bool {
        PostgresFailure.sqlState(of: error) == "23505"
    }

    /// Runs `body` in one transaction, tried again as a whole on a transient failure.
    public func write<Result: Sendable>(
        _ body: @escaping @Sendable (any SQLConnection) async throws -> Result
    ) async throws -> Result {
        try await writing { [self] connection in try await body(sql(connection)) }
    }

    /// `connection` as the shared operations use it, for the paths that are PostgreSQL's own.
    func sql(_ connection: PostgresConnection) -> PostgresSQLConnection {
        PostgresSQLConnection(connection: connection, logger: logger, lockSpace: lockSpace)
    }
}

/// A pooled PostgresNIO connection as the shared operations use it.
struct PostgresSQLConnection: SQLConnection {
    let connection: PostgresConnection
    let logger: Logger
    /// The advisory lock space of the storage's schema.
    let lockSpace: Int32

    var dialect: SQLDialect { .postgres }

    func forEach(_ sql: QwinkleStorageSQL.SQL, _ read: (any SQLRow) throws -> Void) async throws {
        for try await row in try await connection.query(try sql.postgresQuery, logger: logger) {
            try read(PostgresSQLRow(row: PostgresRandomAccessRow(row)))
        }
    }

    func execute(_ sql: QwinkleStorageSQL.SQL) async throws {
        for try await _ in try await connection.query(try sql.postgresQuery, logger: logger) {}
    }

    func stored(_ date: Date) -> Date { date.toMilliseconds }

    func lock(name: String) async throws {
        try await connection.execute("SELECT pg_advisory_xact_lock(hashtext(\(name)))", logger: logger)
    }

    func lock(_ sequence: CursorSequence) async throws {
        try await connection.execute("SELECT pg_advisory_xact_lock(\(lockSpace), \(sequence.rawValue))", logger: logger)
    }
}

extension QwinkleStorageSQL.SQL {
    /// The statement as PostgresNIO runs it: `$n` placeholders and each value bound in its type.
    var postgresQuery: PostgresQuery {
        get throws {
            let (text, values) = rendered(for: .postgres)
            var bindings = PostgresBindings(capacity: values.count)
            for value in values {
                switch value {
                case .integer(let integer): bindings.append(integer)
                case .real(let real): bindings.append(real)
                case .text(let text): bindings.append(text)
                case .blob(let data): try bindings.append(data)
                // Times are kept to the millisecond in both backends (see `Date.toMilliseconds`).
                case .date(let date): bindings.append(date.toMilliseconds)
                case .bool(let bool): bindings.append(bool)
                case .null: bindings.appendNull()
                }
            }
            return PostgresQuery(unsafeSQL: text, binds: bindings)
        }
    }
}

/// A PostgresNIO row as the shared operations read it.
struct PostgresSQLRow: SQLRow {
    let row: PostgresRandomAccessRow

    func isNull(at column: Int) throws -> Bool { row[column].bytes == nil }
    func int64(at column: Int) throws -> Int64 { try row[column].decode(Int64.self) }
    func double(at column: Int) throws -> Double { try row[column].decode(Double.self) }
    func string(at column: Int) throws -> String { try row[column].decode(String.self) }
    func data(at column: Int) throws -> Data { try row[column].decode(Data.self) }
    func date(at column: Int) throws -> Date { try row[column].decode(Date.self).toMilliseconds }
    func bool(at column: Int) throws -> Bool { try row[column].decode(Bool.self) }
}
