import CTerminal
import QwinkleKit
import Synchronization

/// The terminfo database, read through ncurses. Its calls share one global terminal entry, so every use holds
/// one lock.
enum Terminfo {
    /// Guards ncurses' global current terminal and its expansion buffer.
    private static let lock = Mutex(())

    /// The capabilities of a terminal from its entry, or `nil` when there is none.
    static func capabilities(named term: String) -> TerminalCapabilities? {
        lock.withLock { _ in
            guard qw_terminfo_load(term) == 1 else { return nil }
            func string(_ name: String) -> String { qw_terminfo_string(name).map { String(cString: $0) } ?? "" }
            let colors = min(max(Int(qw_terminfo_number("colors")), 0), 256)
            let setaf = string("setaf")
            let setab = string("setab")
            let usable = colors >= 8 && !setaf.isEmpty && !setab.isEmpty ? colors : 0
            return TerminalCapabilities(
                name: term, colorCount: usable, enterAlternateScreen: string("smcup"), exitAlternateScreen: string("rmcup"),
                clearScreen: string("clear"), hideCursor: string("civis"), showCursor: string("cnorm"),
                resetStyle: string("sgr0"), bold: string("bold"), underline: string("smul"), reverse: string("rev"),
                dim: string("dim"),
                foregrounds: (0..<usable).map { expandLocked(setaf, $0, 0) ?? "" },
                backgrounds: (0..<usable).map { expandLocked(setab, $0, 0) ?? "" },
                cursorAddress: string("cup").isEmpty ? TerminalCapabilities.standardCursorAddress : string("cup"),
                // The Linux console names a mouse key but has neither SGR mouse reports nor an alternate screen;
                // every terminal with both (xterm, screen, tmux) takes the xterm modes.
                reportsMouse: !string("kmous").isEmpty && !string("smcup").isEmpty
            )
        }
    }

    /// A parameterised capability expanded with two parameters.
    static func expand(_ capability: String, _ first: Int, _ second: Int) -> String? {
        lock.withLock { _ in expandLocked(capability, first, second) }
    }

    /// `expand`, with the lock already held.
    private static func expandLocked(_ capability: String, _ first: Int, _ second: Int) -> String? {
        var buffer = [CChar](repeating: 0, count: 128)
        let length = qw_terminfo_expand(capability, first, second, &buffer, buffer.count)
        guard length >= 0 else { return nil }
        return String(decoding: buffer.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
