/// A statement written once for both databases, with its values kept apart from its text.
///
/// `\(value)` binds a value; `\(raw: text)` writes SQL text, only ever the code's own (column names, fixed clauses),
/// never anything a user sent; `\(fragment)` puts another statement's piece in place, values and all;
/// `\(list: values)` binds each value of an `IN (…)` list; `\(sqlite: …, postgres: …)` writes the one clause whose
/// spelling differs (a row lock SQLite has no need of, say). Placeholders are numbered only when the whole statement
/// is rendered for a dialect, so pieces compose.
public struct SQL: Sendable, ExpressibleByStringInterpolation {
    /// One piece of the statement.
    enum Part: Sendable {
        /// The code's own SQL text.
        case text(String)
        /// A bound value.
        case value(SQLValue)
        /// Text that differs between the dialects.
        case choice(sqlite: String, postgres: String)
    }

    /// The pieces, in order.
    private(set) var parts: [Part]
    /// Whether the text is the same each time this statement is written, so a backend may keep it prepared: a
    /// statement with an `IN` list longer than `longestKeptList` is not.
    public private(set) var isFixed: Bool

    /// The longest `\(list:)` whose statement is kept prepared, one per length: a page's IDs (at most a hundred)
    /// are, so a page read prepares nothing; longer lists, of any length, are prepared each time.
    public static let longestKeptList = 100

    /// A statement of fixed text.
    public init(stringLiteral value: String) {
        parts = [.text(value)]
        isFixed = true
    }

    /// A statement as interpolated.
    public init(stringInterpolation: Interpolation) {
        parts = stringInterpolation.parts
        isFixed = stringInterpolation.isFixed
    }

    /// The pieces of an interpolated statement, as they are written.
    public struct Interpolation: StringInterpolationProtocol {
        var parts: [Part] = []
        var isFixed = true

        /// Makes room for the pieces.
        public init(literalCapacity: Int, interpolationCount: Int) {
            parts.reserveCapacity(interpolationCount * 2 + 1)
        }

        /// Writes the literal text.
        public mutating func appendLiteral(_ literal: String) {
            parts.append(.text(literal))
        }

        /// Binds a value.
        public mutating func appendInterpolation(_ value: some SQLBindable) {
            parts.append(.value(value.sqlValue))
        }

        /// Binds a value, or NULL for `nil`.
        public mutating func appendInterpolation<Value: SQLBindable>(_ value: Value?) {
            parts.append(.value(value?.sqlValue ?? .null))
        }

        /// Writes the code's own SQL text.
        public mutating func appendInterpolation(raw: String) {
            parts.append(.text(raw))
        }

        /// Puts another piece in place.
        public mutating func appendInterpolation(_ fragment: SQL) {
            parts += fragment.parts
            isFixed = isFixed && fragment.isFixed
        }

        /// Binds each value as one item of a comma-separated list, for `IN (…)`; an empty list is written as
        /// `NULL`, which matches nothing. The text depends only on the list's length, so a list no longer than
        /// `SQL.longestKeptList` (a page's IDs) leaves the statement one SQLite keeps prepared for that length.
        public mutating func appendInterpolation(list values: some Collection<some SQLBindable>) {
            if values.count > SQL.longestKeptList { isFixed = false }
            guard !values.isEmpty else { return parts.append(.text("NULL")) }
            for (index, value) in values.enumerated() {
                if index > 0 { parts.append(.text(", ")) }
                parts.append(.value(value.sqlValue))
            }
        }

        /// Binds each value as one item of a comma-separated list whose length the code fixes (a row's columns), so
        /// the statement stays one text.
        public mutating func appendInterpolation(values: some Collection<some SQLBindable>) {
            for (index, value) in values.enumerated() {
                if index > 0 { parts.append(.text(", ")) }
                parts.append(.value(value.sqlValue))
            }
        }

        /// Writes text that differs between the dialects.
        public mutating func appendInterpolation(sqlite: String, postgres: String) {
            parts.append(.choice(sqlite: sqlite, postgres: postgres))
        }
    }

    /// The text for `dialect`, with its placeholders, and the values in their order.
    public func rendered(for dialect: SQLDialect) -> (text: String, values: [SQLValue]) {
        var text = ""
        var values: [SQLValue] = []
        for part in parts {
            switch part {
            case .text(let piece):
                text += piece
            case .value(let value):
                values.append(value)
                switch dialect {
                case .sqlite: text += "?"
                case .postgres: text += "$\(values.count)"
                }
            case .choice(let sqlite, let postgres):
                text += dialect == .sqlite ? sqlite : postgres
            }
        }
        return (text, values)
    }

    /// The pieces joined by `separator`, for a list of conditions or assignments built in code; `fixed` says
    /// whether the count of pieces is (rows of a bulk insert are not).
    public static func joined(_ pieces: [SQL], separator: String, fixed: Bool = true) -> SQL {
        var joined = SQL(stringLiteral: "")
        joined.isFixed = fixed
        for (index, piece) in pieces.enumerated() {
            if index > 0 { joined.parts.append(.text(separator)) }
            joined.parts += piece.parts
            joined.isFixed = joined.isFixed && piece.isFixed
        }
        return joined
    }
}
