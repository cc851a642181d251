import QwinkleKit

/// A choice of one among a few, in words (`Public | Followers | Journal | Private`): ← and → or a click choose, and
/// each choice sends `valueChanged`.
@MainActor
public final class SegmentedControl: Control {
    /// The choices.
    public var segments: [String] {
        didSet { setNeedsDisplay() }
    }
    /// The chosen one.
    public var selectedIndex: Int {
        didSet { if selectedIndex != oldValue { setNeedsDisplay() } }
    }

    /// A control of choices, one chosen.
    public init(_ segments: [String], selectedIndex: Int = 0) {
        self.segments = segments
        self.selectedIndex = selectedIndex
        super.init()
    }

    /// Each choice in brackets, the chosen one marked `(•)` and bold. Reversed means the keyboard's focus, as on
    /// every other control, so the chosen one is reversed only while the control has the focus.
    override public func draw(in canvas: inout Canvas) {
        var column = 0
        for (index, segment) in segments.enumerated() {
            let chosen = index == selectedIndex
            let style = !isEnabled ? TextStyle.faint : TextStyle(bold: chosen, reverse: chosen && isFirstResponder)
            column = canvas.write(chosen ? "(•) \(segment)" : "( ) \(segment)", column: column, row: 0, style: style)
            column += 2
        }
    }

    /// ← and → and the space bar, which move the choice.
    override public func takesKey(_ key: Key) -> Bool {
        isEnabled && (key == .left || key == .right || key == .character(" "))
    }

    /// ← and → move the choice.
    override public func handleKey(_ key: Key) -> Bool {
        guard isEnabled else { return false }
        switch key {
        case .left: choose(selectedIndex - 1)
        case .right, .character(" "): choose((selectedIndex + 1) % max(segments.count, 1))
        default: return false
        }
        return true
    }

    /// A click chooses the segment under it.
    override public func handleMouse(_ event: MouseEvent) -> Bool {
        guard isEnabled, case .press(0) = event.kind else { return false }
        var column = 0
        for (index, segment) in segments.enumerated() {
            let width = segment.terminalWidth + 4
            if event.position.column >= column, event.position.column < column + width {
                choose(index)
                return true
            }
            column += width + 2
        }
        return false
    }

    /// Chooses a segment, if it exists and is not chosen already, and says so.
    private func choose(_ index: Int) {
        guard segments.indices.contains(index), index != selectedIndex else { return }
        selectedIndex = index
        sendActions(for: .valueChanged)
    }
}
