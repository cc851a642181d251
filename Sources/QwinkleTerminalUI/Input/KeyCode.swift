import QwinkleKit

/// Which key was pressed.
public enum KeyCode: Hashable, Sendable {
    /// A key that types a character (a letter, a digit, punctuation, an emoji from an input method, a space).
    case character(Character)
    /// Enter or Return.
    case enter
    /// Tab.
    case tab
    /// Backspace.
    case backspace
    /// Esc, alone (not the start of a sequence).
    case escape
    /// The up arrow.
    case up
    /// The down arrow.
    case down
    /// The left arrow.
    case left
    /// The right arrow.
    case right
    /// Home.
    case home
    /// End.
    case end
    /// Page Up.
    case pageUp
    /// Page Down.
    case pageDown
    /// Delete (forward).
    case delete
    /// Insert.
    case insert
    /// A function key, F1 to F12.
    case function(Int)
}
