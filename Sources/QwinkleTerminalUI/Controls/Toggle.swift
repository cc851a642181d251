import QwinkleKit

/// A switch: Space or a click flips it and sends `valueChanged`.
@MainActor
public final class Toggle: Control {
    /// The label.
    public var title: String {
        didSet { setNeedsDisplay() }
    }
    /// Whether it is on.
    public var isOn: Bool {
        didSet { if isOn != oldValue { setNeedsDisplay() } }
    }

    /// A toggle with a label and a state.
    public init(_ title: String, isOn: Bool = false) {
        self.title = title
        self.isOn = isOn
        super.init()
    }

    /// How wide the toggle is drawn: the box, a space and its title.
    public var intrinsicWidth: Int { title.terminalWidth + 4 }

    /// `[x] Title`, reversed when focused.
    override public func draw(in canvas: inout Canvas) {
        let style = !isEnabled ? TextStyle.faint : isFirstResponder ? TextStyle.highlighted : .plain
        canvas.write("[\(isOn ? "x" : " ")] \(title)", column: 0, row: 0, style: style)
    }

    /// Space and Enter flip it.
    override public func handleKey(_ key: Key) -> Bool {
        guard isEnabled, key == .character(" ") || key == .enter else { return false }
        flip()
        return true
    }

    /// A click flips it.
    override public func handleMouse(_ event: MouseEvent) -> Bool {
        guard isEnabled, case .press(0) = event.kind else { return false }
        flip()
        return true
    }

    /// Flips the state and says so.
    private func flip() {
        isOn.toggle()
        sendActions(for: .valueChanged)
    }
}
