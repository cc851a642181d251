import Logging
import Synchronization
import PostgresNIO
import QwinkleStorage
import QwinkleStorageSQL

extension PostgresStorage {
    /// How many times an operation is tried before the storage reports itself unavailable.
    static let attempts = 4

    /// Runs `body` in one transaction on a pooled connection: committed if it returns, rolled back if it throws.
    ///
    /// A failure worth trying again (`PostgresFailure.isTransient`) runs the whole transaction again, unless it came
    /// while committing: then nobody knows whether the write happened, so it is reported rather than done twice.
    func writing<Result: Sendable>(_ body: @escaping @Sendable (PostgresConnection) async throws -> Result) async throws -> Result {
        try await DatabaseTime.measuring { try await transaction(body) }
    }

    private func transaction<Result: Sendable>(_ body: @escaping @Sendable (PostgresConnection) async throws -> Result) async throws -> Result {
        try await retrying { attempt in
            try await leasing { connection in
                try await connection.execute("BEGIN", logger: logger)
                let result: Result
                do {
                    result = try await body(connection)
                } catch {
                    // A dropped connection cannot roll back (and a query written to a closed one is never answered);
                    // the server rolls back when it sees the connection gone.
                    if !connection.isClosed { try? await connection.execute("ROLLBACK", logger: logger) }
                    throw error
                }
                do {
                    try await connection.execute("COMMIT", logger: logger)
                } catch {
                    attempt.committing = true
                    throw error
                }
                return result
            }
        }
    }

    /// Runs `body` with a pooled connection, outside any transaction; tried again on a transient failure.
    func reading<Result: Sendable>(_ body: @escaping @Sendable (PostgresConnection) async throws -> Result) async throws -> Result {
        try await DatabaseTime.measuring { try await retrying { _ in try await leasing(body) } }
    }

    /// Runs `body` with a pooled connection, waiting at most `leaseTimeout` for one: while the database is down the
    /// pool keeps trying to connect in the background, and a request should hear so rather than wait with it. A
    /// connection once leased is never taken from its body by the timeout.
    private func leasing<Result: Sendable>(_ body: @escaping @Sendable (PostgresConnection) async throws -> Result) async throws -> Result {
        let leased = LeaseFlag()
        let timeout = leaseTimeout
        let client = client
        let logger = logger
        return try await withThrowingTaskGroup(of: Result?.self) { group in
            group.addTask {
                do {
                    return try await client.withConnection { connection in
                        leased.set()
                        // A query written to a connection that has already closed is never answered (PostgresNIO
                        // drops the write), so a connection the database ended is given back, and another tried.
                        guard !connection.isClosed else { throw PostgresFailure.ClosedConnection() }
                        // And one that closes while `body` runs may leave a query of it unanswered for ever.
                        return try await ClosedConnectionWatch.shared.answering(on: connection, body)
                    }
                } catch where !leased.isSet && !Task.isCancelled {
                    // The pool could not make a connection (its attempts failed for long enough that it gave up).
                    logger.warning("No connection to the database: \(String(reflecting: error))")
                    throw StorageError.unavailable("The database cannot be reached.")
                }
            }
            group.addTask {
                try await Task.sleep(for: timeout)
                guard leased.isSet else { throw StorageError.unavailable("The database did not answer within \(timeout).") }
                // Leased in time: wait to be cancelled when the body is done.
                try await Task.sleep(for: .seconds(365 * 24 * 60 * 60))
                return nil
            }
            defer { group.cancelAll() }
            while let value = try await group.next() {
                if let value { return value }
            }
            throw CancellationError()
        }
    }

    /// Runs `operation` until it succeeds, fails for good, or has failed transiently `attempts` times, waiting a
    /// little longer after each failure.
    ///
    /// A connection the database ended (it restarted, or an operator or a proxy closed it) fails only when it is next
    /// used, so after a restart every idle connection in the pool fails once: those failures are tried again on
    /// another connection, up to the pool's size, without waiting.
    private func retrying<Result: Sendable>(_ operation: (Attempt) async throws -> Result) async throws -> Result {
        var failures = 0
        var lostConnections = 0
        while true {
            let attempt = Attempt()
            do {
                return try await operation(attempt)
            } catch let error where PostgresFailure.isLostConnection(error) && !attempt.committing && lostConnections < maximumConnections {
                lostConnections += 1
                // Lets the pool see the closed connection go before the next lease.
                await Task.yield()
            } catch let error where PostgresFailure.isTransient(error) {
                failures += 1
                if attempt.committing || failures >= Self.attempts {
                    logger.warning("The database failed: \(String(reflecting: error))")
                    throw StorageError.unavailable(
                        attempt.committing ? "The database went away while saving; check before trying again." : "The database is busy."
                    )
                }
                // 10, 20, 40 ms, each with up to as much again at random, so servers that collided spread out.
                let base = 10 << (failures - 1)
                try await Task.sleep(for: .milliseconds(base + Int.random(in: 0...base)))
            }
        }
    }

    /// Whether a connection was leased, set once from the leasing task and read by its timeout.
    private final class LeaseFlag: Sendable {
        private let value = Mutex(false)
        var isSet: Bool { value.withLock { $0 } }
        func set() { value.withLock { $0 = true } }
    }

    /// One try of an operation: whether it failed while committing.
    private final class Attempt: Sendable {
        private let state = Mutex(false)
        /// Whether the failure came while committing.
        var committing: Bool {
            get { state.withLock { $0 } }
            set { state.withLock { $0 = newValue } }
        }
    }

    /// Takes the transaction's lock on a sequence before the transaction draws from it: see `CursorSequence`.
    func lock(_ sequence: CursorSequence, on connection: PostgresConnection) async throws {
        try await connection.execute("SELECT pg_advisory_xact_lock(\(lockSpace), \(sequence.rawValue))", logger: logger)
    }
}

/// What is known of PostgreSQL's failures.
enum PostgresFailure {
    /// A pooled connection that was already closed when it was leased.
    struct ClosedConnection: Error {}

    /// SQLSTATEs of failures that a new try may not meet: serialization failures and deadlocks (class 40),
    /// connection exceptions (class 08), and a server shutting down or starting (57P01–57P03).
    static func isTransient(_ error: any Error) -> Bool {
        if error is ClosedConnection { return true }
        guard let error = error as? PSQLError else { return false }
        switch error.code {
        case .serverClosedConnection, .clientClosedConnection, .connectionError, .uncleanShutdown:
            return true
        case .server:
            guard let state = error.serverInfo?[.sqlState] else { return false }
            return state.hasPrefix("40") || state.hasPrefix("08") || ["57P01", "57P02", "57P03"].contains(state)
        default:
            return false
        }
    }

    /// Whether a failure is of the connection rather than the work: the server ended it (57P01–57P03, class 08) or
    /// it closed; the same work may well succeed on another connection at once.
    static func isLostConnection(_ error: any Error) -> Bool {
        if error is ClosedConnection { return true }
        guard let error = error as? PSQLError else { return false }
        switch error.code {
        case .serverClosedConnection, .clientClosedConnection, .uncleanShutdown:
            return true
        case .server:
            guard let state = error.serverInfo?[.sqlState] else { return false }
            return state.hasPrefix("08") || ["57P01", "57P02", "57P03"].contains(state)
        default:
            return false
        }
    }

    /// The SQLSTATE of a failure the server reported, such as `23505` for a unique violation.
    static func sqlState(of error: any Error) -> String? {
        (error as? PSQLError)?.serverInfo?[.sqlState]
    }

    /// The constraint a failure the server reported names.
    static func constraint(of error: any Error) -> String? {
        (error as? PSQLError)?.serverInfo?[.constraintName]
    }
}

extension PostgresConnection {
    /// Runs a statement whose rows, if any, nobody needs, and waits for it to finish.
    func execute(_ query: PostgresQuery, logger: Logger) async throws {
        for try await _ in try await self.query(query, logger: logger) {}
    }
}
