import QwinkleKit

/// What a terminal can do and the bytes that make it do it, read once from its terminfo entry.
///
/// The renderer asks this value for every sequence it writes, so an entry that differs from xterm's (the Linux
/// console's, with eight colours and no alternate screen) is honoured without a test of the terminal's name.
public struct TerminalCapabilities: Hashable, Sendable {
    /// The terminal's name, as `TERM` gave it.
    public var name: String
    /// How many colours the renderer may use: 0 with `NO_COLOR` or on a terminal without colour.
    public var colorCount: Int
    /// Switches to the alternate screen (`smcup`); empty when the terminal has none.
    public var enterAlternateScreen: String
    /// Switches back to the normal screen (`rmcup`).
    public var exitAlternateScreen: String
    /// Clears the screen (`clear`).
    public var clearScreen: String
    /// Hides the cursor (`civis`).
    public var hideCursor: String
    /// Shows the cursor (`cnorm`).
    public var showCursor: String
    /// Turns every attribute and colour off (`sgr0`).
    public var resetStyle: String
    /// Bold (`bold`).
    public var bold: String
    /// Underline (`smul`).
    public var underline: String
    /// Reverse (`rev`).
    public var reverse: String
    /// Dim (`dim`).
    public var dim: String
    /// The foreground colour sequences (`setaf`), one per colour up to `colorCount` (at most 256).
    public var foregrounds: [String]
    /// The background colour sequences (`setab`).
    public var backgrounds: [String]
    /// The cursor-address template (`cup`), expanded by `moveCursor`.
    public var cursorAddress: String
    /// Whether the terminal reports mouse events the xterm way (it has `kmous` and an alternate screen), so mouse
    /// and bracketed-paste modes are worth turning on.
    public var reportsMouse: Bool

    /// The ECMA-48 form of `cup` that xterm, screen, tmux and the Linux console share, expanded without terminfo.
    static let standardCursorAddress = "\u{1B}[%i%p1%d;%p2%dH"

    /// The bytes that move the cursor to a cell (0-based).
    public func moveCursor(column: Int, row: Int) -> String {
        if cursorAddress == Self.standardCursorAddress {
            return "\u{1B}[\(row + 1);\(column + 1)H"
        }
        return Terminfo.expand(cursorAddress, row, column) ?? "\u{1B}[\(row + 1);\(column + 1)H"
    }

    /// The modes a full-screen app turns on after entering: mouse clicks, wheel and motion in SGR form, and
    /// bracketed paste; none on a terminal that does not report the mouse.
    public var inputModesOn: String {
        reportsMouse ? "\u{1B}[?1000h\u{1B}[?1003h\u{1B}[?1006h\u{1B}[?2004h" : ""
    }

    /// The modes turned off again before leaving.
    public var inputModesOff: String {
        reportsMouse ? "\u{1B}[?2004l\u{1B}[?1006l\u{1B}[?1003l\u{1B}[?1000l" : ""
    }

    /// Everything written on starting: the alternate screen, input modes, a hidden cursor, a clear screen.
    public var startSequence: String {
        enterAlternateScreen + inputModesOn + hideCursor + resetStyle + clearScreen
    }

    /// Everything written on leaving, whatever the way out: it puts the shell's screen back as it was.
    public var restoreSequence: String {
        resetStyle + inputModesOff + showCursor + exitAlternateScreen
    }

    /// The sequences for xterm with 256 colours, for tests and as the fallback when terminfo has no entry.
    public static let xterm = TerminalCapabilities(
        name: "xterm-256color", colorCount: 256, enterAlternateScreen: "\u{1B}[?1049h", exitAlternateScreen: "\u{1B}[?1049l",
        clearScreen: "\u{1B}[H\u{1B}[2J", hideCursor: "\u{1B}[?25l", showCursor: "\u{1B}[?12l\u{1B}[?25h",
        resetStyle: "\u{1B}(B\u{1B}[m", bold: "\u{1B}[1m", underline: "\u{1B}[4m", reverse: "\u{1B}[7m", dim: "\u{1B}[2m",
        foregrounds: (0..<256).map { "\u{1B}[38;5;\($0)m" }, backgrounds: (0..<256).map { "\u{1B}[48;5;\($0)m" },
        cursorAddress: standardCursorAddress, reportsMouse: true
    )

    /// The same terminal showing no colour, as `NO_COLOR` asks.
    public var withoutColor: TerminalCapabilities {
        var copy = self
        copy.colorCount = 0
        copy.foregrounds = []
        copy.backgrounds = []
        return copy
    }
}
