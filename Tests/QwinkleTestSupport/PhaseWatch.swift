import Foundation
import Synchronization
import Testing

/// Names what a test server's test is doing, so a test that stops making progress says where it stopped.
///
/// A hung test shows only its `started` line; with this, once a phase has lasted `PhaseWatch.patience`, a line on
/// standard error names the test and its phase (a request's method and path, or the server's shutdown).
public final class PhaseWatch: Sendable {
    /// The watch of the test server in use by this task, if any.
    @TaskLocal public static var current: PhaseWatch?

    /// How long a phase may last before it is reported.
    public static let patience: Duration = .seconds(120)

    private let test: String
    private let state = Mutex<(phase: String, since: ContinuousClock.Instant, reported: Bool)>(("starting", .now, false))

    init(test: String) {
        self.test = test
    }

    /// Enters `phase`.
    public func enter(_ phase: String) {
        state.withLock { $0 = (phase, .now, false) }
    }

    /// Runs `body` with a watch for the current test, reporting a phase that outlasts `patience`.
    static func watching<Value>(_ body: () async throws -> Value) async rethrows -> Value {
        let watch = PhaseWatch(test: Test.current?.name ?? "a test")
        let watchdog = Task.detached {
            while !Task.isCancelled {
                try? await Task.sleep(for: .seconds(15))
                watch.reportIfStuck()
            }
        }
        defer { watchdog.cancel() }
        return try await $current.withValue(watch) { try await body() }
    }

    private func reportIfStuck() {
        let stuck: (String, Duration)? = state.withLock { state in
            let waited = ContinuousClock.now - state.since
            guard !state.reported, waited >= Self.patience else { return nil }
            state.reported = true
            return (state.phase, waited)
        }
        guard let (phase, waited) = stuck else { return }
        FileHandle.standardError.write(Data("PhaseWatch: \(test) has been in \(phase) for \(waited)\n".utf8))
    }
}
