import QwinkleKit

/// A button: Enter, Space or a click sends its primary action. Disabled, it is drawn dim and does nothing.
@MainActor
public final class Button: Control {
    /// The label.
    public var title: String {
        didSet { setNeedsDisplay() }
    }

    /// A button with a label.
    public init(_ title: String) {
        self.title = title
        super.init()
    }

    /// How wide the button is drawn: its title in brackets.
    public var intrinsicWidth: Int { title.terminalWidth + 4 }

    /// `[ Post ]`, reversed when focused, dim when disabled.
    override public func draw(in canvas: inout Canvas) {
        let style = !isEnabled ? TextStyle.faint : isFirstResponder ? TextStyle(bold: true, reverse: true) : .strong
        canvas.write("[ \(title) ]", column: 0, row: 0, style: style)
    }

    /// Enter and Space press it.
    override public func handleKey(_ key: Key) -> Bool {
        guard isEnabled, key == .enter || key == .character(" ") else { return false }
        sendActions(for: .primaryActionTriggered)
        return true
    }

    /// A click presses it.
    override public func handleMouse(_ event: MouseEvent) -> Bool {
        guard isEnabled, case .press(0) = event.kind else { return false }
        sendActions(for: .primaryActionTriggered)
        return true
    }
}
