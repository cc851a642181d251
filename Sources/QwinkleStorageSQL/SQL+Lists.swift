import QwinkleStorage

extension SQL {
    /// A subquery giving `column` of the rows of `table` that match `condition`, in `order`, as one text of
    /// comma-separated numbers (empty or NULL for none), as `SQLRow.integers(at:)` reads it: PostgreSQL has arrays
    /// and SQLite has not, but both have an aggregate that joins text.
    public static func integerList(_ column: String, from table: String, where condition: String, orderedBy order: String? = nil) -> SQL {
        let sqliteSource = order.map { "(SELECT \(column) FROM \(table) WHERE \(condition) ORDER BY \($0))" } ?? table
        let sqliteCondition = order == nil ? " WHERE \(condition)" : ""
        let postgresOrder = order.map { " ORDER BY \($0)" } ?? ""
        let sqlite = "(SELECT group_concat(\(column), ',') FROM \(sqliteSource)\(sqliteCondition))"
        let postgres = "(SELECT string_agg(\(column)::TEXT, ','\(postgresOrder)) FROM \(table) WHERE \(condition))"
        return "\(sqlite: sqlite, postgres: postgres)"
    }
}

extension SQLRow {
    /// The numbers of a column that `SQL.integerList` selects, in its order.
    public func integers(at column: Int) throws -> [Int64] {
        guard let list = try self[column] as String?, !list.isEmpty else { return [] }
        return try list.split(separator: ",").map { number in
            guard let value = Int64(number) else { throw CorruptRow(description: "a list of numbers with \(number) in it") }
            return value
        }
    }
}
