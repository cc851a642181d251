import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a command reads its environment and input and writes its output.
///
/// The process's own by default; tests run commands in-process with their own environment, standard input and
/// captured output, bound for one run with `CommandContext.$current.withValue`.
public struct CommandContext: Sendable {
    /// The environment variables (`QWINKLE_SERVER`, `HOME`, `XDG_*`, `VISUAL`, `EDITOR`).
    public var environment: [String: String]
    /// Reads standard input.
    public var input: any CommandInput
    /// Receives what a command prints.
    public var output: any CommandOutput
    /// Receives error messages.
    public var errors: any CommandOutput
    /// Whether standard output is a terminal (progress bars, colours), rather than a pipe or a file.
    public var outputIsTerminal: Bool

    /// Describes a context.
    public init(
        environment: [String: String], input: any CommandInput, output: any CommandOutput, errors: any CommandOutput,
        outputIsTerminal: Bool
    ) {
        self.environment = environment
        self.input = input
        self.output = output
        self.errors = errors
        self.outputIsTerminal = outputIsTerminal
    }

    /// The running process's environment, standard input, output and error.
    public static var process: CommandContext {
        CommandContext(
            environment: ProcessInfo.processInfo.environment, input: StandardInput(), output: StandardStream(.output),
            errors: StandardStream(.error), outputIsTerminal: isatty(STDOUT_FILENO) == 1
        )
    }

    /// The context commands run in now.
    @TaskLocal public static var current: CommandContext = .process

    /// Writes a line to the output.
    package func print(_ line: String = "") {
        output.write(line + "\n")
    }
}

/// Standard input, as commands read it.
public protocol CommandInput: Sendable {
    /// Everything left on standard input.
    func readAll() -> String
    /// One line, after showing `prompt`; `secret` turns off the echo on a terminal. `nil` at end of input.
    func readLine(prompt: String, secret: Bool) -> String?
    /// Whether standard input is a terminal a person types at.
    var isTerminal: Bool { get }
}

/// Somewhere commands write text.
public protocol CommandOutput: Sendable {
    /// Writes text as it is.
    func write(_ text: String)
}

/// Text written by a command in a test, kept to be read afterwards.
public final class CapturedOutput: CommandOutput {
    private let text = Mutex("")

    /// An empty capture.
    public init() {}

    /// Keeps the text.
    public func write(_ text: String) {
        self.text.withLock { $0 += text }
    }

    /// Everything written so far.
    public var contents: String { text.withLock { $0 } }
}

/// Lines given in advance, standing in for a person at standard input in tests.
public final class ScriptedInput: CommandInput {
    private let lines: Mutex<[String]>

    /// Whether it stands in for a person typing at a terminal, whom commands may ask questions.
    public let isTerminal: Bool

    /// Input that will read as these lines, in order; `isTerminal` when it stands in for a person at a terminal.
    public init(_ lines: [String], isTerminal: Bool = false) {
        self.lines = Mutex(lines)
        self.isTerminal = isTerminal
    }

    /// The remaining lines, joined.
    public func readAll() -> String {
        lines.withLock { lines in
            defer { lines.removeAll() }
            return lines.joined(separator: "\n")
        }
    }

    /// The next line.
    public func readLine(prompt: String, secret: Bool) -> String? {
        lines.withLock { $0.isEmpty ? nil : $0.removeFirst() }
    }
}

/// The process's standard output or error, written unbuffered so lines appear in order with the other's.
///
/// Written with `write(2)` rather than `FileHandle.write(_:)`, which traps on any error: when the reader of a pipe
/// has gone (`qwinkle timeline | head -1`), the command ends quietly, as `git log | head` does.
package struct StandardStream: CommandOutput {
    /// Standard output or standard error.
    package enum Stream: Sendable { case output, error }
    /// Which one this writes to.
    package let stream: Stream

    /// Writes to `stream`.
    package init(_ stream: Stream) {
        self.stream = stream
    }

    /// Writes all of `text`.
    package func write(_ text: String) {
        Self.write(text, to: stream == .output ? STDOUT_FILENO : STDERR_FILENO)
    }

    /// Writes all of `text` to `descriptor`; a reader that has gone ends the process as a broken pipe does.
    package static func write(_ text: String, to descriptor: Int32) {
        let bytes = Array(text.utf8)
        var written = 0
        while written < bytes.count {
            let result = bytes.withUnsafeBytes { buffer in
                Foundation.write(descriptor, buffer.baseAddress.map { $0 + written }, buffer.count - written)
            }
            if result >= 0 {
                written += result
            } else if errno == EINTR {
                continue
            } else if errno == EPIPE {
                endForBrokenPipe()
            } else {
                // Nowhere left to say so (a full disk, a closed descriptor): what cannot be written is dropped.
                return
            }
        }
    }

    /// Ends the process as an unhandled SIGPIPE would (git's way): no message, and the shell's usual status 141.
    /// The runtime ignores SIGPIPE so that writes report EPIPE instead; its default action is restored first.
    private static func endForBrokenPipe() -> Never {
        signal(SIGPIPE, SIG_DFL)
        raise(SIGPIPE)
        // Only if the signal is blocked: end quietly all the same.
        _exit(141)
    }
}

/// The process's standard input.
struct StandardInput: CommandInput {
    func readAll() -> String {
        String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
    }

    var isTerminal: Bool { isatty(STDIN_FILENO) == 1 }

    func readLine(prompt: String, secret: Bool) -> String? {
        StandardStream.write(prompt, to: STDERR_FILENO)
        guard secret, isTerminal else { return Swift.readLine() }
        // Turn the terminal's echo off while the password is typed, and on again whatever happens.
        var original = termios()
        tcgetattr(STDIN_FILENO, &original)
        var silent = original
        silent.c_lflag &= ~tcflag_t(ECHO)
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &silent)
        defer {
            tcsetattr(STDIN_FILENO, TCSAFLUSH, &original)
            StandardStream.write("\n", to: STDERR_FILENO)
        }
        return Swift.readLine()
    }
}
