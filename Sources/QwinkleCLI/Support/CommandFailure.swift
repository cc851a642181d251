import QwinkleClient

/// How a command failed: one line for the person, and the exit code scripts see.
///
/// 1: the input or the server refused; 2: the command line is wrong; 3: the server cannot be reached.
package struct CommandFailure: Error, Equatable {
    /// The line the person reads.
    package let message: String
    /// The exit code scripts see.
    package let exitCode: Int32

    /// Input the command or the server refused.
    package static func refused(_ message: String) -> CommandFailure {
        CommandFailure(message: message, exitCode: 1)
    }

    /// A command line that does not make sense.
    package static func usage(_ message: String) -> CommandFailure {
        CommandFailure(message: message, exitCode: 2)
    }

    /// The server cannot be reached.
    package static func unreachable(_ message: String) -> CommandFailure {
        CommandFailure(message: message, exitCode: 3)
    }
}

extension CommandFailure {
    /// The failure for an error from the client library.
    init(_ error: QwinkleError) {
        self = error.isUnreachable ? .unreachable(error.description) : .refused(error.description)
    }
}
