import Foundation

/// A named measurement that prints its own figures.
struct Benchmark: Sendable {
    /// The name given on the command line.
    let name: String
    /// What it measures, for `--list`.
    let summary: String
    /// Runs the measurement and returns lines of figures to print.
    let run: @Sendable () -> [String]

    /// Times one call of `body` on the monotonic clock.
    static func time<T>(_ body: () -> T) -> (result: T, duration: Duration) {
        let clock = ContinuousClock()
        var result: T?
        let duration = clock.measure { result = body() }
        // `measure` always runs the body once, so the result is there.
        guard let result else { preconditionFailure("ContinuousClock.measure did not run its body") }
        return (result, duration)
    }

    /// The process's resident memory in bytes, from `/proc/self/statm` on Linux; `nil` elsewhere.
    static func residentBytes() -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return nil }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }
}

extension Duration {
    /// The duration in milliseconds, for printing.
    var milliseconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) * 1_000 + Double(attoseconds) / 1e15
    }

    /// The duration in seconds, for printing.
    var seconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
