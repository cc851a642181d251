/// A value as an SQL column holds it, so what an entry's columns hold is written once, without either backend's
/// driver types.
package enum StoredValue: Hashable, Sendable {
    /// Text.
    case text(String)
    /// An integer.
    case integer(Int)
    /// NULL.
    case null
}

/// One row of a query, read by column position; each SQL backend adapts its own row type.
public protocol StoredRow {
    /// The text at `column`, or `nil` for NULL.
    func text(at column: Int) throws -> String?
    /// The integer at `column`, or `nil` for NULL.
    func integer(at column: Int) throws -> Int?
}

extension StoredRow {
    /// The text at `column`, which the schema never leaves NULL.
    package func requiredText(at column: Int) throws -> String {
        guard let text = try text(at: column) else { throw CorruptRow(description: "a NULL in column \(column), which is NOT NULL") }
        return text
    }
}
