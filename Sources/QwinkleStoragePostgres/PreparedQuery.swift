import Logging
import PostgresNIO

/// A query of fixed text that runs often enough to be worth preparing: each pooled connection parses and plans it
/// once, and every later run only binds and executes. For the short queries every request makes (its session, a
/// page's authors and marks) the parse and plan cost about as much as the run.
protocol FixedQuery {
    /// The prepared statement's name, unique among the storage's queries.
    static var name: String { get }
    /// The SQL, with `$1`, `$2`, … for the values.
    static var sql: String { get }
}

/// A `FixedQuery` as PostgresNIO prepares it, with its values bound and its rows handed back as they come.
struct Prepared<Query: FixedQuery>: PostgresPreparedStatement {
    typealias Row = PostgresRow

    static var name: String { "qwinkle_\(Query.name)" }
    static var sql: String { Query.sql }

    /// The values, in the order of their placeholders.
    let bindings: PostgresBindings

    func makeBindings() throws -> PostgresBindings { bindings }

    func decodeRow(_ row: PostgresRow) throws -> PostgresRow { row }
}

extension PostgresConnection {
    /// Runs a fixed query, prepared on this connection the first time, and returns each row read by `transform`.
    func run<Query: FixedQuery, Value>(
        _ query: Query.Type, logger: Logger, binding bind: (inout PostgresBindings) throws -> Void,
        _ transform: (PostgresRow) throws -> Value
    ) async throws -> [Value] {
        var bindings = PostgresBindings()
        try bind(&bindings)
        var values: [Value] = []
        for try await row in try await execute(Prepared<Query>(bindings: bindings), logger: logger) {
            values.append(try transform(row))
        }
        return values
    }
}
