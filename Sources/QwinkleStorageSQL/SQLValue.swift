import Foundation
import QwinkleStorage

/// A value bound to a statement, in the terms both databases share; each backend binds it in its driver's type.
public enum SQLValue: Sendable, Hashable {
    /// An integer (`INTEGER`, `BIGINT`).
    case integer(Int64)
    /// A floating-point number.
    case real(Double)
    /// Text.
    case text(String)
    /// Bytes (`BLOB`, `BYTEA`).
    case blob(Data)
    /// A moment: SQLite stores it as GRDB's text, PostgreSQL as `TIMESTAMPTZ`, both to the millisecond.
    case date(Date)
    /// A truth value (SQLite's 0 or 1, PostgreSQL's `BOOLEAN`).
    case bool(Bool)
    /// NULL.
    case null
}

/// A Swift value a statement can bind.
public protocol SQLBindable: Sendable {
    /// The value as bound.
    var sqlValue: SQLValue { get }
}

extension Int64: SQLBindable {
    /// The integer.
    public var sqlValue: SQLValue { .integer(self) }
}

extension Int: SQLBindable {
    /// The integer, widened.
    public var sqlValue: SQLValue { .integer(Int64(self)) }
}

extension Int32: SQLBindable {
    /// The integer, widened.
    public var sqlValue: SQLValue { .integer(Int64(self)) }
}

extension Double: SQLBindable {
    /// The number.
    public var sqlValue: SQLValue { .real(self) }
}

extension String: SQLBindable {
    /// The text.
    public var sqlValue: SQLValue { .text(self) }
}

extension Data: SQLBindable {
    /// The bytes.
    public var sqlValue: SQLValue { .blob(self) }
}

extension Date: SQLBindable {
    /// The moment.
    public var sqlValue: SQLValue { .date(self) }
}

extension Bool: SQLBindable {
    /// The truth value.
    public var sqlValue: SQLValue { .bool(self) }
}

extension StoredValue: SQLBindable {
    /// The stored value as bound.
    package var sqlValue: SQLValue {
        switch self {
        case .text(let text): .text(text)
        case .integer(let integer): .integer(Int64(integer))
        case .null: .null
        }
    }
}

extension Optional: SQLBindable where Wrapped: SQLBindable {
    /// The value, or NULL.
    public var sqlValue: SQLValue { self?.sqlValue ?? .null }
}
