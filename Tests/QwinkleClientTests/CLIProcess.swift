import Foundation
import Synchronization

/// The built `qwinkle` executable running as a child process, its output read as it comes: for what only a real
/// process shows, such as Ctrl-C.
final class CLIProcess: Sendable {
    /// How a run ended.
    struct Finished: Sendable {
        /// The exit code, or the signal's number when a signal killed it.
        let status: Int32
        /// Whether it exited rather than being killed by a signal.
        let exited: Bool
        /// Everything written to standard output.
        let output: String
        /// Everything written to standard error.
        let errors: String
    }

    /// The child.
    private let process: Process
    /// Its standard output.
    private let output: PipeReader
    /// Its standard error.
    private let errors: PipeReader
    /// Ends when the child has ended.
    private let exit: AsyncStream<Void>

    /// Starts `qwinkle ARGUMENTS` with exactly `environment` (so nothing of the test's own, such as `XDG_*`, leaks in).
    init(_ arguments: [String], environment: [String: String]) throws {
        process = Process()
        process.executableURL = try Self.executable()
        process.arguments = arguments
        process.environment = environment
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

    /// Sends SIGINT, as Ctrl-C at a terminal does.
    func interrupt() {
        process.interrupt()
    }

    /// Waits for the first line of standard output that `matches`; `nil` if the output ends first.
    func firstOutputLine(where matches: @Sendable (String) -> Bool) async -> String? {
        for await line in output.lines where matches(line) { return line }
        return nil
    }

    /// Waits until the process has ended and closed its output.
    func finished() async -> Finished {
        for await _ in exit {}
        let (output, errors) = (await output.text(), await errors.text())
        return Finished(status: process.terminationStatus, exited: process.terminationReason == .exit, output: output, errors: errors)
    }

    /// The `qwinkle` executable that `swift build` put beside the test bundle.
    static func executable() throws(MissingExecutable) -> URL {
        // The test runner's path is the bundle's on Linux; on Darwin the bundle is among the loaded ones.
        var starts = [URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()]
        starts += Bundle.allBundles.map { $0.bundleURL.deletingLastPathComponent() }
        // The package's own build folder, found from this file: Tests/QwinkleClientTests/CLIProcess.swift.
        let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        starts.append(package.appendingPathComponent(".build/debug"))
        for start in starts {
            var folder = start.standardizedFileURL
            // Only a few levels: the executable sits in the bundle's folder, or just above a bundle's inner folders.
            for _ in 0..<4 {
                let candidate = folder.appendingPathComponent("qwinkle")
                var isFolder: ObjCBool = false
                if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isFolder), !isFolder.boolValue,
                    FileManager.default.isExecutableFile(atPath: candidate.path)
                {
                    return candidate
                }
                folder = folder.deletingLastPathComponent()
            }
        }
        throw MissingExecutable(searched: starts)
    }

    /// No `qwinkle` executable was found: the test cannot run a real process.
    struct MissingExecutable: Error, CustomStringConvertible {
        /// The folders searched, each with a few above it.
        let searched: [URL]
        /// Says where it looked and what to do.
        var description: String {
            "No qwinkle executable in \(searched.map(\.path)) or a few folders above: run `swift build --build-tests` first."
        }
    }
}

/// One of a child process's output streams, read to its end on a thread of its own, so a blocking read never
/// holds up the tasks of the tests.
final class PipeReader: Sendable {
    /// Each line as it arrives, without its newline.
    let lines: AsyncStream<String>
    /// Everything read so far.
    private let bytes = Mutex(Data())
    /// Ends when the stream has.
    private let end: AsyncStream<Void>

    /// Starts reading `handle` until its end.
    init(_ handle: FileHandle) {
        let (lines, linesContinuation) = AsyncStream<String>.makeStream()
        let (end, endContinuation) = AsyncStream<Void>.makeStream()
        self.lines = lines
        self.end = end
        let thread = Thread { [self] in
            var pending = Data()
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                bytes.withLock { $0.append(chunk) }
                pending.append(chunk)
                while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                    linesContinuation.yield(String(decoding: pending[pending.startIndex..<newline], as: UTF8.self))
                    pending = Data(pending[pending.index(after: newline)...])
                }
            }
            linesContinuation.finish()
            endContinuation.finish()
        }
        thread.start()
    }

    /// Everything read, once the stream has ended.
    func text() async -> String {
        for await _ in end {}
        return bytes.withLock { String(decoding: $0, as: UTF8.self) }
    }
}
