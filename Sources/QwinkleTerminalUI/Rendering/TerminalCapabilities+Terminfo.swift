import QwinkleKit

extension TerminalCapabilities {
    /// The capabilities of the terminal named `term`, from its terminfo entry, without colour when the environment
    /// has `NO_COLOR` (any value, as no-color.org says); xterm's when the entry cannot be found.
    public static func forTerminal(named term: String?, environment: [String: String]) -> TerminalCapabilities {
        let capabilities = term.flatMap(Terminfo.capabilities(named:)) ?? .xterm
        return environment["NO_COLOR"].map { _ in capabilities.withoutColor } ?? capabilities
    }
}
