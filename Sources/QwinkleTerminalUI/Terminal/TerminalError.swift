import QwinkleKit

/// Why the terminal could not be opened.
public enum TerminalError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Standard input or output is not a terminal.
    case notATerminal

    /// A sentence for the person.
    public var description: String {
        "`qwinkle app` needs a terminal: run it in one, not with its input or output redirected."
    }
}
