import Synchronization

/// What a test is waiting for now, so a time limit that runs out can say so instead of only that it ran out.
final class Waiting: Sendable {
    /// The one of the test running in this task, set by `withTimeout`.
    @TaskLocal static var current: Waiting?

    /// The description, changed as the test moves from one wait to the next.
    private let what: Mutex<String>

    /// Starts with `description`.
    init(_ description: String) {
        what = Mutex(description)
    }

    /// Notes that the test now waits for `description`.
    func set(_ description: String) { what.withLock { $0 = description } }

    /// What the test waits for now.
    var description: String { what.withLock { $0 } }
}

/// Notes what the running test waits for next, for the report of a time limit that runs out.
public func waitingFor(_ description: String) {
    Waiting.current?.set(description)
}

/// Runs `body`, but fails with `TimedOut`, naming what it was waiting for, after `limit`; `body` is then cancelled.
///
/// The limit only stops a test that would otherwise hang: it is generous, so a slow machine never fails a test
/// that would have passed. Whether something happened is decided by waiting for the event itself. `description`
/// names what is awaited until `body` names something else with `waitingFor(_:)`.
public func withTimeout<Value: Sendable>(
    _ limit: Duration = .seconds(300), waitingFor description: String = "the test to finish",
    _ body: @escaping @Sendable () async throws -> Value
) async throws -> Value {
    let waiting = Waiting(description)
    return try await withThrowingTaskGroup(of: Value.self) { group in
        group.addTask { try await Waiting.$current.withValue(waiting) { try await body() } }
        group.addTask {
            try await Task.sleep(for: limit)
            throw TimedOut(limit: limit, waitingFor: waiting.description)
        }
        defer { group.cancelAll() }
        guard let value = try await group.next() else { throw TimedOut(limit: limit, waitingFor: waiting.description) }
        return value
    }
}
