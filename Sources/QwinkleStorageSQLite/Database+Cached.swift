import GRDB

// Every statement of the storage goes through its connection's statement cache: a request's handful of queries
// would otherwise each be compiled anew, which costs more than running them. The SQL texts are few (placeholder
// lists are at most a page long), so the caches stay small.

extension Database {
    /// Runs one statement, compiled once per connection.
    func execute(cached sql: String, arguments: StatementArguments = StatementArguments()) throws {
        try cachedStatement(sql: sql).execute(arguments: arguments)
    }
}

extension Row {
    /// Every row of a query compiled once per connection.
    static func fetchAll(_ db: Database, cached sql: String, arguments: StatementArguments = StatementArguments()) throws -> [Row] {
        try fetchAll(db.cachedStatement(sql: sql), arguments: arguments)
    }

    /// The first row of a query compiled once per connection.
    static func fetchOne(_ db: Database, cached sql: String, arguments: StatementArguments = StatementArguments()) throws -> Row? {
        try fetchOne(db.cachedStatement(sql: sql), arguments: arguments)
    }
}

extension DatabaseValueConvertible where Self: StatementColumnConvertible {
    /// The first column of every row of a query compiled once per connection.
    static func fetchAll(_ db: Database, cached sql: String, arguments: StatementArguments = StatementArguments()) throws -> [Self] {
        try fetchAll(db.cachedStatement(sql: sql), arguments: arguments)
    }

    /// The first column of the first row of a query compiled once per connection.
    static func fetchOne(_ db: Database, cached sql: String, arguments: StatementArguments = StatementArguments()) throws -> Self? {
        try fetchOne(db.cachedStatement(sql: sql), arguments: arguments)
    }
}
