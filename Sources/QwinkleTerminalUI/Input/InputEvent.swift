import QwinkleKit

/// One thing that arrived from the terminal's input, decoded.
public enum InputEvent: Hashable, Sendable {
    /// A key.
    case key(Key)
    /// Text pasted while bracketed paste was on: taken as text, never as keys (a pasted `q` does not quit).
    case paste(String)
    /// A mouse event.
    case mouse(MouseEvent)
}
