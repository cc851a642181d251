import QwinkleKit

/// What reaches the run loop from the terminal and the process.
public enum TerminalEvent: Sendable {
    /// Input, decoded.
    case input(InputEvent)
    /// The terminal changed size (SIGWINCH).
    case resized
    /// The process was asked to stop (SIGINT, SIGTERM or SIGHUP).
    case terminate(signal: Int32)
}
