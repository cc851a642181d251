import Foundation

/// What a statement runs on: a connection in a read or in a transaction, of either backend.
///
/// The storage's operations are written once against this (see `SQLDatabase`); each backend adapts its driver.
public protocol SQLConnection {
    /// The language the connection speaks.
    var dialect: SQLDialect { get }

    /// Runs `sql`, handing each row to `read` as it comes.
    func forEach(_ sql: SQL, _ read: (any SQLRow) throws -> Void) async throws

    /// Runs a statement whose rows, if any, nobody needs.
    func execute(_ sql: SQL) async throws

    /// Takes the transaction's lock on a cursor sequence before it draws from it (see `CursorSequence`): PostgreSQL's
    /// advisory lock; SQLite, with its one writer, needs none.
    func lock(_ sequence: CursorSequence) async throws

    /// Takes a transaction's lock on a name (PostgreSQL's advisory lock on its hash), so two transactions about one
    /// thing (one remote actor, say) take turns; SQLite's one writer takes turns anyway.
    func lock(name: String) async throws

    /// `date` as a read of it gives it back: both backends keep milliseconds, each with its own rounding.
    func stored(_ date: Date) -> Date
}

extension SQLConnection {
    /// Every row of `sql`, each read by `read`.
    public func rows<Value>(_ sql: SQL, _ read: (any SQLRow) throws -> Value) async throws -> [Value] {
        var values: [Value] = []
        try await forEach(sql) { values.append(try read($0)) }
        return values
    }

    /// The first row of `sql` read by `read`, or `nil` when there is none.
    public func first<Value>(_ sql: SQL, _ read: (any SQLRow) throws -> Value) async throws -> Value? {
        var value: Value?
        try await forEach(sql) { row in
            if value == nil { value = try read(row) }
        }
        return value
    }

    /// The first column of the first row of `sql`, or `nil` when there is no row.
    public func value<Value: SQLColumnValue>(_ sql: SQL, as type: Value.Type = Value.self) async throws -> Value? {
        try await first(sql) { try $0[0] as Value }
    }

    /// Whether `sql` returns any row: an `EXISTS` check, or a write's `RETURNING` that says it changed something.
    public func returnsRow(_ sql: SQL) async throws -> Bool {
        try await first(sql) { _ in true } ?? false
    }
}
