/// A bound on how long a test waits for an event, so one that never comes fails the test, naming what was awaited,
/// instead of hanging the run. It is generous on purpose: it catches hangs, it never judges speed.
struct Deadline: Error, CustomStringConvertible {
    /// What was being waited for.
    let awaited: String
    /// How long it was waited for.
    let limit: Duration

    /// Says what never came.
    var description: String { "Gave up after \(limit) waiting for \(awaited)." }

    /// Returns what `body` returns, or throws a `Deadline` naming `awaited` if it takes longer than `limit`; `body`
    /// is then cancelled.
    static func wait<Value: Sendable>(
        for awaited: String, upTo limit: Duration = .seconds(120), _ body: @escaping @Sendable () async throws -> Value
    ) async throws -> Value {
        try await withThrowingTaskGroup(of: Value?.self) { group in
            group.addTask { try await body() }
            group.addTask {
                try await Task.sleep(for: limit)
                return nil
            }
            defer { group.cancelAll() }
            guard let value = try await group.next() ?? nil else { throw Deadline(awaited: awaited, limit: limit) }
            return value
        }
    }
}
