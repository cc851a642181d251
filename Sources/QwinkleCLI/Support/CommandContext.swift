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
    func print(_ line: String = "") {
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

    /// Input that will read as these lines, in order.
    public init(_ lines: [String]) {
        self.lines = Mutex(lines)
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

    /// Scripted input is never a terminal.
    public var isTerminal: Bool { false }
}

/// The process's standard output or error, written unbuffered so lines appear in order with the other's.
struct StandardStream: CommandOutput {
    enum Stream { case output, error }
    let stream: Stream

    init(_ stream: Stream) {
        self.stream = stream
    }

    func write(_ text: String) {
        let handle = stream == .output ? FileHandle.standardOutput : FileHandle.standardError
        handle.write(Data(text.utf8))
    }
}

/// The process's standard input.
struct StandardInput: CommandInput {
    func readAll() -> String {
        String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
    }

    var isTerminal: Bool { isatty(STDIN_FILENO) == 1 }

    func readLine(prompt: String, secret: Bool) -> String? {
        FileHandle.standardError.write(Data(prompt.utf8))
        guard secret, isTerminal else { return Swift.readLine() }
        // Turn the terminal's echo off while the password is typed, and on again whatever happens.
        var original = termios()
        tcgetattr(STDIN_FILENO, &original)
        var silent = original
        silent.c_lflag &= ~tcflag_t(ECHO)
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &silent)
        defer {
            tcsetattr(STDIN_FILENO, TCSAFLUSH, &original)
            FileHandle.standardError.write(Data("\n".utf8))
        }
        return Swift.readLine()
    }
}
