import QwinkleKit

/// One cell of a screen: a character and its style.
///
/// A two-column character (an emoji, a CJK ideograph) is held by its left cell; the cell to its right is a
/// continuation, which a renderer never writes because writing the character fills both.
public struct ScreenCell: Hashable, Sendable {
    /// The character shown, a space when blank.
    public var character: Character
    /// How it is shown.
    public var style: TextStyle
    /// Whether this is the right half of the two-column character to the left.
    public var isContinuation: Bool

    /// A cell showing `character` in `style`.
    public init(_ character: Character = " ", style: TextStyle = .plain, isContinuation: Bool = false) {
        self.character = character
        self.style = style
        self.isContinuation = isContinuation
    }

    /// A blank cell in the terminal's own style.
    public static let blank = ScreenCell()
}
