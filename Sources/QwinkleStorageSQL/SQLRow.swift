import Foundation
import QwinkleStorage

/// One row of a result, read by column position; each backend adapts its driver's row.
///
/// Rows are read by position, in the order the statement selects: both drivers find a column by name with a
/// search that, for a page of entries, cost more than decoding them.
public protocol SQLRow: StoredRow {
    /// Whether the column holds NULL.
    func isNull(at column: Int) throws -> Bool
    /// The integer in the column.
    func int64(at column: Int) throws -> Int64
    /// The number in the column.
    func double(at column: Int) throws -> Double
    /// The text in the column.
    func string(at column: Int) throws -> String
    /// The bytes in the column.
    func data(at column: Int) throws -> Data
    /// The moment in the column, to the millisecond.
    func date(at column: Int) throws -> Date
    /// The truth value in the column.
    func bool(at column: Int) throws -> Bool
}

extension SQLRow {
    /// The value in `column`, of the type the context asks for (`let id: Int64 = try row[0]`).
    public subscript<Value: SQLColumnValue>(_ column: Int) -> Value {
        get throws { try Value.read(self, at: column) }
    }

    /// The text at `column`, or `nil` for NULL, as the shared content decoding reads it.
    public func text(at column: Int) throws -> String? { try self[column] }

    /// The integer at `column`, or `nil` for NULL, as the shared content decoding reads it.
    public func integer(at column: Int) throws -> Int? {
        try (self[column] as Int64?).map { Int($0) }
    }
}

/// A Swift type a column can be read as.
public protocol SQLColumnValue {
    /// The value in `column` of `row`.
    static func read(_ row: some SQLRow, at column: Int) throws -> Self
}

extension Int64: SQLColumnValue {
    /// Reads the integer.
    public static func read(_ row: some SQLRow, at column: Int) throws -> Int64 { try row.int64(at: column) }
}

extension Int: SQLColumnValue {
    /// Reads the integer.
    public static func read(_ row: some SQLRow, at column: Int) throws -> Int { Int(try row.int64(at: column)) }
}

extension Double: SQLColumnValue {
    /// Reads the number.
    public static func read(_ row: some SQLRow, at column: Int) throws -> Double { try row.double(at: column) }
}

extension String: SQLColumnValue {
    /// Reads the text.
    public static func read(_ row: some SQLRow, at column: Int) throws -> String { try row.string(at: column) }
}

extension Data: SQLColumnValue {
    /// Reads the bytes.
    public static func read(_ row: some SQLRow, at column: Int) throws -> Data { try row.data(at: column) }
}

extension Date: SQLColumnValue {
    /// Reads the moment.
    public static func read(_ row: some SQLRow, at column: Int) throws -> Date { try row.date(at: column) }
}

extension Bool: SQLColumnValue {
    /// Reads the truth value.
    public static func read(_ row: some SQLRow, at column: Int) throws -> Bool { try row.bool(at: column) }
}

extension Optional: SQLColumnValue where Wrapped: SQLColumnValue {
    /// Reads the value, or `nil` for NULL.
    public static func read(_ row: some SQLRow, at column: Int) throws -> Wrapped? {
        try row.isNull(at: column) ? nil : try Wrapped.read(row, at: column)
    }
}
