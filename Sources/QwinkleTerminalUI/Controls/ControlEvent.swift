import QwinkleKit

/// When a control sends its actions.
public enum ControlEvent: Hashable, Sendable {
    /// The control's main use: a button pressed, Enter in a text field.
    case primaryActionTriggered
    /// Its value changed: a toggle flipped, a segment chosen.
    case valueChanged
    /// A text field's text changed.
    case editingChanged
    /// A text field lost the focus (the moment a form judges a field).
    case editingDidEnd
}
