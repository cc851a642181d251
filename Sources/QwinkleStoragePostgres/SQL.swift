import PostgresNIO

/// A piece of SQL with its values kept apart, which composes: a query built from conditions and windows that
/// each bind their own values. `PostgresQuery` numbers its parameters as it is written, so one cannot be put
/// inside another; this numbers them only when the whole query is made (`query`).
///
/// `\(value)` binds a value; `\(raw: text)` writes SQL text, only ever the code's own (column names, fixed
/// clauses), never anything a user sent; `\(fragment)` puts another piece in place, values and all.
struct SQL: ExpressibleByStringInterpolation, Sendable {
    /// The text, with `SQL.placeholder` where each value goes.
    private(set) var text: String
    /// The values, in the order of their placeholders.
    private(set) var values: [(any PostgresThrowingDynamicTypeEncodable & Sendable)?]

    /// Marks a value's place in `text`; no SQL the code writes contains it.
    private static let placeholder: Character = "\u{1}"

    init(stringLiteral value: String) {
        text = value
        values = []
    }

    init(stringInterpolation: Interpolation) {
        text = stringInterpolation.text
        values = stringInterpolation.values
    }

    /// The pieces of an interpolated `SQL`, as they are written.
    struct Interpolation: StringInterpolationProtocol {
        var text = ""
        var values: [(any PostgresThrowingDynamicTypeEncodable & Sendable)?] = []

        init(literalCapacity: Int, interpolationCount: Int) {
            text.reserveCapacity(literalCapacity + interpolationCount)
        }

        mutating func appendLiteral(_ literal: String) {
            text += literal
        }

        /// Binds a value.
        mutating func appendInterpolation(_ value: some PostgresThrowingDynamicTypeEncodable & Sendable) {
            text.append(SQL.placeholder)
            values.append(value)
        }

        /// Binds a value, or NULL.
        mutating func appendInterpolation<Value: PostgresThrowingDynamicTypeEncodable & Sendable>(_ value: Value?) {
            text.append(SQL.placeholder)
            values.append(value)
        }

        /// Writes the code's own SQL text.
        mutating func appendInterpolation(raw: String) {
            text += raw
        }

        /// Puts another piece in place.
        mutating func appendInterpolation(_ fragment: SQL) {
            text += fragment.text
            values += fragment.values
        }
    }

    /// The query to run: placeholders numbered `$1`, `$2`, … and the values bound in that order.
    var query: PostgresQuery {
        get throws {
            var bindings = PostgresBindings(capacity: values.count)
            var sql = ""
            sql.reserveCapacity(text.count + values.count * 2)
            var next = 1
            for character in text {
                if character == Self.placeholder {
                    sql += "$\(next)"
                    next += 1
                } else {
                    sql.append(character)
                }
            }
            for value in values {
                if let value { try bindings.append(value) } else { bindings.appendNull() }
            }
            return PostgresQuery(unsafeSQL: sql, binds: bindings)
        }
    }
}
