import NIOCore
import PostgresNIO
import Synchronization

/// Lets go of work on a connection that closed and will never be answered.
///
/// PostgresNIO writes each query to its connection without a write promise, so a query written after the connection
/// closed (the pool shutting down, the database ending the connection) is dropped and its caller waits forever;
/// cancelling that caller does nothing either. That is a whole server's request, or a test run, that never ends.
/// Work that was in flight when the connection closed is failed by PostgresNIO at once, so work that has not ended
/// `grace` after the close is work that never will: its caller is told `PostgresFailure.ClosedConnection` (nothing
/// it wrote was committed, as the commit's own answer never came) and the work is left to itself.
///
/// One close callback per connection, not one per piece of work: a pooled connection lives for millions of queries.
final class ClosedConnectionWatch: Sendable {
    /// The watch every storage shares.
    static let shared = ClosedConnectionWatch()

    /// How long work may go on after its connection closed before it is taken as never answered.
    let grace: Duration

    /// The work in progress on each open connection, by connection: how to let each go.
    private let pending = Mutex<[ObjectIdentifier: Pending]>([:])

    /// The work of one connection.
    private struct Pending {
        var nextToken = 0
        var letGo: [Int: @Sendable () -> Void] = [:]
    }

    /// A watch that waits `grace` after a close.
    init(grace: Duration = .seconds(5)) {
        self.grace = grace
    }

    /// Runs `body` with `connection` and returns what it returns, unless `connection` closes and `body` has not ended
    /// `grace` later: then it throws `PostgresFailure.ClosedConnection` without waiting any longer.
    func answering<Result: Sendable>(
        on connection: PostgresConnection, _ body: @escaping @Sendable (PostgresConnection) async throws -> Result
    ) async throws -> Result {
        let outcome = Outcome<Result>()
        let token = watch(connection) { outcome.finish(with: .failure(PostgresFailure.ClosedConnection())) }
        // One task runs the work and gives its outcome; the caller waits for whichever outcome comes first.
        let work = Task {
            do {
                outcome.finish(with: .success(try await body(connection)))
            } catch {
                outcome.finish(with: .failure(error))
            }
            self.forget(connection, token: token)
        }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { outcome.wait(with: $0) }
        } onCancel: {
            work.cancel()
        }
    }

    /// Notes `letGo` as the way to give up on a piece of work on `connection`; its token forgets it.
    private func watch(_ connection: PostgresConnection, letGo: @escaping @Sendable () -> Void) -> Int {
        let key = ObjectIdentifier(connection)
        let (token, isNew) = pending.withLock { table in
            let isNew = table[key] == nil
            var pending = table[key] ?? Pending()
            let token = pending.nextToken
            pending.nextToken += 1
            pending.letGo[token] = letGo
            table[key] = pending
            return (token, isNew)
        }
        if isNew {
            // The callback holds the connection, so no other connection can take its identity before it has run.
            connection.closeFuture.whenComplete { [self, connection] _ in closed(ObjectIdentifier(connection)) }
        }
        return token
    }

    /// The work `token` ended by itself.
    private func forget(_ connection: PostgresConnection, token: Int) {
        pending.withLock { table in _ = table[ObjectIdentifier(connection)]?.letGo.removeValue(forKey: token) }
    }

    /// The connection closed: what it still runs `grace` from now is let go.
    private func closed(_ key: ObjectIdentifier) {
        guard let entry = pending.withLock({ $0.removeValue(forKey: key) }), !entry.letGo.isEmpty else { return }
        let grace = grace
        Task {
            try? await Task.sleep(for: grace)
            entry.letGo.values.forEach { $0() }
        }
    }
}

/// A result given once: by the work, or by letting it go, whichever comes first; it may come before anyone waits.
private final class Outcome<Value: Sendable>: Sendable {
    private enum State {
        case pending
        case waiting(CheckedContinuation<Value, any Error>)
        case given(Result<Value, any Error>)
        case taken
    }

    private let state = Mutex(State.pending)

    /// Resumes `continuation` with the outcome, now if it was given already, else when it is.
    func wait(with continuation: CheckedContinuation<Value, any Error>) {
        let given: Result<Value, any Error>? = state.withLock { state in
            guard case .given(let result) = state else {
                state = .waiting(continuation)
                return nil
            }
            state = .taken
            return result
        }
        given.map { continuation.resume(with: $0) }
    }

    /// Gives the outcome, if none was given before.
    func finish(with result: Result<Value, any Error>) {
        let waiting: CheckedContinuation<Value, any Error>? = state.withLock { state in
            switch state {
            case .pending:
                state = .given(result)
                return nil
            case .waiting(let continuation):
                state = .taken
                return continuation
            case .given, .taken:
                return nil
            }
        }
        waiting?.resume(with: result)
    }
}
