/// A database the storage's operations run on, written once for both backends: each backend says how a read and a
/// transaction are run, and everything else (`SQLDatabase+*.swift`) is shared.
///
/// What genuinely differs stays behind these two seams: SQLite's group commit and its reads on the calling thread,
/// PostgreSQL's pool, retries and advisory locks.
public protocol SQLDatabase: Sendable {
    /// Runs `body` with a connection for reading. Each statement reads a committed state; statements that must
    /// agree with each other are one statement.
    func read<Result: Sendable>(_ body: @escaping @Sendable (any SQLConnection) async throws -> Result) async throws -> Result

    /// Runs `body` in one transaction: committed if it returns, rolled back if it throws. A body never starts
    /// another read or write of the same storage: on SQLite, it would wait for itself.
    func write<Result: Sendable>(_ body: @escaping @Sendable (any SQLConnection) async throws -> Result) async throws -> Result

    /// Runs `body`, which reads with exactly one statement: SQLite spares it the transaction `read` opens (one
    /// statement reads one state either way), which on a small read costs a third of its time.
    func readStatement<Result: Sendable>(_ body: @escaping @Sendable (any SQLConnection) async throws -> Result) async throws -> Result

    /// Whether `error` is the database refusing a row that breaks a unique constraint.
    func isUniqueViolation(_ error: any Error) -> Bool
}
