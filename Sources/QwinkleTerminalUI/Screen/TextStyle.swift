import QwinkleKit

/// How a cell's character is shown: its colours and attributes.
///
/// Meaning never rests on colour alone (a terminal may have none, or `NO_COLOR` may be set): what is selected is
/// also reversed or bold, and an error also says so in words.
public struct TextStyle: Hashable, Sendable {
    /// The character's colour; `nil` is the terminal's own.
    public var foreground: TerminalColor?
    /// The cell's colour; `nil` is the terminal's own.
    public var background: TerminalColor?
    /// Bold (or bright, on terminals without bold).
    public var bold: Bool
    /// Underlined.
    public var underline: Bool
    /// Foreground and background swapped.
    public var reverse: Bool
    /// Dim, for what matters less.
    public var dim: Bool

    /// A style; by default the terminal's own.
    public init(
        foreground: TerminalColor? = nil, background: TerminalColor? = nil, bold: Bool = false, underline: Bool = false,
        reverse: Bool = false, dim: Bool = false
    ) {
        self.foreground = foreground
        self.background = background
        self.bold = bold
        self.underline = underline
        self.reverse = reverse
        self.dim = dim
    }

    /// The terminal's own style.
    public static let plain = TextStyle()
    /// Bold.
    public static let strong = TextStyle(bold: true)
    /// Reversed, as a selection or a focused control is shown.
    public static let highlighted = TextStyle(reverse: true)
    /// Dim.
    public static let faint = TextStyle(dim: true)
}
