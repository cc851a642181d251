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
    private let process: Process
    /// Its standard output.
    private let output: PipeReader
    /// Its standard error.
    private let errors: PipeReader
    /// Ends when the child has ended.
    private let exit: AsyncStream<Void>

    /// Starts `qwinkle ARGUMENTS`, with standard input empty.
    ///
    /// With `environment` the child gets exactly that (so nothing of the test's own, such as `XDG_*`, leaks in);
    /// without, the test's. A `wrapper` is a command line run around it, such as a tracer's.
    public init(_ arguments: [String], environment: [String: String]? = nil, wrapper: [String] = []) throws {
        let qwinkle = try QwinkleExecutable.url()
        process = Process()
        process.executableURL = wrapper.isEmpty ? qwinkle : URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = wrapper.isEmpty ? arguments : wrapper + [qwinkle.path] + arguments
        if let environment { process.environment = environment }
        let (outputPipe, errorPipe) = (Pipe(), Pipe())
        process.standardOutput = outputPipe
        process.standardError = errorPipe
        process.standardInput = FileHandle.nullDevice
        let (exit, exited) = AsyncStream<Void>.makeStream()
        self.exit = exit
        process.terminationHandler = { _ in exited.finish() }
        try process.run()
        output = PipeReader(outputPipe.fileHandleForReading)
        errors = PipeReader(errorPipe.fileHandleForReading)
    }

    /// Ends the child if it still runs: a test that failed half-way must not leave it behind.
    deinit {
        if process.isRunning { process.terminate() }
    }

    /// The process ID of the child: the wrapper's when there is one.
    public var processIdentifier: Int32 { process.processIdentifier }

    /// Sends SIGINT, as Ctrl-C at a terminal does.
    public func interrupt() {
        process.interrupt()
    }

    /// Waits for the first line of standard output that `matches`; `nil` if the output ends first.
    public func firstOutputLine(where matches: @Sendable (String) -> Bool) async -> String? {
        for await line in output.lines where matches(line) { return line }
        return nil
    }

    /// Waits until the process has ended and closed its output.
    public func finished() async -> Finished {
        for await _ in exit {}
        let (output, errors) = (await output.text(), await errors.text())
        return Finished(status: process.terminationStatus, exited: process.terminationReason == .exit, output: output, errors: errors)
    }
}
