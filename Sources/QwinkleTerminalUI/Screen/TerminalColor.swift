import QwinkleKit

/// A colour as terminals number them: 0–7 the classic eight, 8–15 their bright forms, up to 255 on a 256-colour
/// terminal. A terminal with fewer colours, or `NO_COLOR`, shows none of them (see `TerminalCapabilities`).
public struct TerminalColor: Hashable, Sendable {
    /// The colour's number in the terminal's palette.
    public var index: UInt8

    /// A colour by its palette number.
    public init(_ index: UInt8) {
        self.index = index
    }

    /// Palette colour 0.
    public static let black = TerminalColor(0)
    /// Palette colour 1.
    public static let red = TerminalColor(1)
    /// Palette colour 2.
    public static let green = TerminalColor(2)
    /// Palette colour 3.
    public static let yellow = TerminalColor(3)
    /// Palette colour 4.
    public static let blue = TerminalColor(4)
    /// Palette colour 5.
    public static let magenta = TerminalColor(5)
    /// Palette colour 6.
    public static let cyan = TerminalColor(6)
    /// Palette colour 7.
    public static let white = TerminalColor(7)
}
