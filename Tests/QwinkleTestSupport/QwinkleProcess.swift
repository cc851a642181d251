import Foundation

/// The built `qwinkle` executable running as a child process, its output read as it comes: for what only a real
/// process shows, such as Ctrl-C, two servers on one file, or what reaches the disk.
public final class QwinkleProcess: Sendable {
    /// How a run ended.
    public struct Finished: Sendable {
        /// The exit code, or the signal's number when a signal killed it.
        public let status: Int32
        /// Whether it exited rather than being killed by a signal.
        public let exited: Bool
        /// Everything written to standard output.
        public let output: String
        /// Everything written to standard error.
        public let errors: String
    }

    /// The child.
    private let process: ChildProcess
    /// Its standard output.
    private let output: PipeReader
    /// Its standard error.
    private let errors: PipeReader

    /// Starts `qwinkle ARGUMENTS`, with standard input empty.
    ///
    /// With `environment` the child gets exactly that (so nothing of the test's own, such as `XDG_*`, leaks in);
    /// without, the test's. A `wrapper` is a command line run around it, such as a tracer's.
    public init(_ arguments: [String], environment: [String: String]? = nil, wrapper: [String] = []) throws {
        let qwinkle = try QwinkleExecutable.url().path
        process = wrapper.isEmpty
            ? try ChildProcess(qwinkle, arguments, environment: environment)
            : try ChildProcess("/usr/bin/env", wrapper + [qwinkle] + arguments, environment: environment)
        // Both are pipes, as `ChildProcess` makes them by default.
        output = PipeReader(process.standardOutput ?? .nullDevice)
        errors = PipeReader(process.standardError ?? .nullDevice)
    }

    /// Ends the child if it still runs: a test that failed half-way must not leave it behind.
    deinit {
        process.send(SIGTERM)
    }

    /// The process ID of the child: the wrapper's when there is one.
    public var processIdentifier: Int32 { process.processIdentifier }

    /// Sends SIGINT, as Ctrl-C at a terminal does.
    public func interrupt() {
        process.send(SIGINT)
    }

    /// Waits for the first line of standard output that `matches`; `nil` if the output ends first.
    public func firstOutputLine(where matches: @Sendable (String) -> Bool) async -> String? {
        for await line in output.lines where matches(line) { return line }
        return nil
    }

    /// Waits until the process has ended and closed its output.
    public func finished() async -> Finished {
        let termination = await process.termination()
        let (output, errors) = (await output.text(), await errors.text())
        let exited = if case .exited = termination { true } else { false }
        return Finished(status: termination.status, exited: exited, output: output, errors: errors)
    }
}
