import Foundation
import GRDB
import QwinkleStorage
import QwinkleStorageSQL

extension SQLiteStorage: SQLDatabase {
    /// Runs `body` in a read transaction on the calling thread (see `reading`), so its statements read one state.
    public func read<Result: Sendable>(
        _ body: @escaping @Sendable (any SQLConnection) async throws -> Result
    ) async throws -> Result {
        try reading { db in try InlineTask.run { [connection = SQLiteConnection(db: db)] in try await body(connection) } }
    }

    /// Runs a read of one statement on the calling thread, without a transaction (see `readingOneStatement`).
    public func readStatement<Result: Sendable>(
        _ body: @escaping @Sendable (any SQLConnection) async throws -> Result
    ) async throws -> Result {
        try readingOneStatement { db in try InlineTask.run { [connection = SQLiteConnection(db: db)] in try await body(connection) } }
    }

    /// A failed `UNIQUE` constraint.
    public func isUniqueViolation(_ error: any Error) -> Bool {
        (error as? DatabaseError)?.extendedResultCode == .SQLITE_CONSTRAINT_UNIQUE
    }

    /// Runs `body` in the transaction of the next group commit, in a savepoint of its own.
    public func write<Result: Sendable>(
        _ body: @escaping @Sendable (any SQLConnection) async throws -> Result
    ) async throws -> Result {
        try await commits.write { db in try InlineTask.run { [connection = SQLiteConnection(db: db)] in try await body(connection) } }
    }
}

extension SQLiteStorage {
    /// Runs a shared operation on `db`, from the synchronous paths not yet written once.
    static func shared<Result: Sendable>(
        _ db: Database, _ body: @escaping @Sendable (SQLiteConnection) async throws -> Result
    ) throws -> Result {
        try InlineTask.run { [connection = SQLiteConnection(db: db)] in try await body(connection) }
    }
}

/// A GRDB connection as the shared operations use it, inside the closure GRDB runs it in.
///
/// Unchecked: a `Database` belongs to the thread GRDB runs its closure on; `InlineTask` runs the operation that uses
/// this on that very thread, and nothing keeps it past the closure.
struct SQLiteConnection: SQLConnection, @unchecked Sendable {
    let db: Database

    var dialect: SQLDialect { .sqlite }

    func forEach(_ sql: QwinkleStorageSQL.SQL, _ read: (any SQLRow) throws -> Void) async throws {
        _ = try fetch(sql, read)
    }

    func execute(_ sql: QwinkleStorageSQL.SQL) async throws {
        try run(sql)
    }

    /// Every row of `sql`, each read by `read`, for the synchronous paths (a search's windows).
    func fetch<Value>(_ sql: QwinkleStorageSQL.SQL, _ read: (any SQLRow) throws -> Value) throws -> [Value] {
        let (statement, arguments) = try prepared(sql)
        let rows = try Row.fetchCursor(statement, arguments: arguments)
        var values: [Value] = []
        while let row = try rows.next() { values.append(try read(SQLiteSQLRow(row: row))) }
        return values
    }

    /// Runs a statement whose rows nobody needs, for the synchronous paths (bulk loading).
    func run(_ sql: QwinkleStorageSQL.SQL) throws {
        let (statement, arguments) = try prepared(sql)
        try statement.execute(arguments: arguments)
    }

    /// One writer at a time: SQLite's transactions draw and commit their numbers in order without a lock.
    func lock(_ sequence: CursorSequence) async throws {}

    /// One writer at a time: two transactions about one thing take turns without a lock.
    func lock(name: String) async throws {}

    /// GRDB keeps a date as its text to the millisecond.
    func stored(_ date: Date) -> Date { Date.fromDatabaseValue(date.databaseValue) ?? date }

    /// The statement and its values; one of fixed text is prepared once per connection.
    private func prepared(_ sql: QwinkleStorageSQL.SQL) throws -> (Statement, StatementArguments) {
        let (text, values) = sql.rendered(for: .sqlite)
        let statement = sql.isFixed ? try db.cachedStatement(sql: text) : try db.makeStatement(sql: text)
        return (statement, StatementArguments(values.map(\.databaseValue)))
    }
}

extension SQLValue {
    /// The value as GRDB binds it.
    var databaseValue: DatabaseValue {
        switch self {
        case .integer(let integer): integer.databaseValue
        case .real(let real): real.databaseValue
        case .text(let text): text.databaseValue
        case .blob(let data): data.databaseValue
        case .date(let date): date.databaseValue
        case .bool(let bool): bool.databaseValue
        case .null: .null
        }
    }
}

/// A GRDB row as the shared operations read it.
struct SQLiteSQLRow: SQLRow {
    let row: Row

    func isNull(at column: Int) throws -> Bool { row.hasNull(atIndex: column) }
    func int64(at column: Int) throws -> Int64 { try row.decode(Int64.self, atIndex: column) }
    func double(at column: Int) throws -> Double { try row.decode(Double.self, atIndex: column) }
    func string(at column: Int) throws -> String { try row.decode(String.self, atIndex: column) }
    func data(at column: Int) throws -> Data { try row.decode(Data.self, atIndex: column) }
    func date(at column: Int) throws -> Date { try row.decode(Date.self, atIndex: column) }
    func bool(at column: Int) throws -> Bool { try row.decode(Bool.self, atIndex: column) }
}
