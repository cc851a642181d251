import QwinkleKit

/// Something the mouse did at a cell.
public struct MouseEvent: Hashable, Sendable {
    /// What happened.
    public enum Kind: Hashable, Sendable {
        /// A button went down: 0 left, 1 middle, 2 right.
        case press(button: Int)
        /// A button came up.
        case release
        /// The wheel turned up, away from the person.
        case wheelUp
        /// The wheel turned down.
        case wheelDown
        /// The pointer moved, with or without a button held.
        case move
    }

    /// What happened.
    public var kind: Kind
    /// Where, on the screen (0-based).
    public var position: CellPoint

    /// A mouse event.
    public init(_ kind: Kind, at position: CellPoint) {
        self.kind = kind
        self.position = position
    }
}
