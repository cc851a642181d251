/// The two SQL languages Qwinkle speaks. A statement is written once (`SQL`) and rendered for one of them: only
/// placeholders and the few clauses one of them lacks differ.
public enum SQLDialect: Sendable {
    /// SQLite, through GRDB: `?` placeholders.
    case sqlite
    /// PostgreSQL, through PostgresNIO: `$1`, `$2`, … placeholders.
    case postgres
}
