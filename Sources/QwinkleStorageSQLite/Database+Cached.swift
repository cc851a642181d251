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

    /// Every row of a query compiled once per connection, each decoded while the statement is on it.
    ///
    /// There GRDB reads a column straight from SQLite; a row fetched first is a copy, whose columns it decodes
    /// through boxed database values (a third of the time a page's entries took to read).
    static func fetchAll<T>(
        _ db: Database, cached sql: String, arguments: StatementArguments = StatementArguments(), decoding decode: (Row) throws -> T
    ) throws -> [T] {
        var values: [T] = []
        try forEach(db, cached: sql, arguments: arguments) { values.append(try decode($0)) }
        return values
    }

    /// Visits every row of a query compiled once per connection while the statement is on it (see above).
    static func forEach(_ db: Database, cached sql: String, arguments: StatementArguments = StatementArguments(), _ body: (Row) throws -> Void) throws {
        let rows = try fetchCursor(db.cachedStatement(sql: sql), arguments: arguments)
        while let row = try rows.next() { try body(row) }
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
