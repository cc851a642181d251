import QwinkleKit

/// The bottom row: the main keys of the screen in front, so nobody has to guess (`c Compose  ? Help  q Quit`).
@MainActor
public final class KeyBar: View {
    /// The commands shown, left to right.
    public var commands: [KeyCommand] = []

    /// Draws each key reversed, then its title.
    override public func draw(in canvas: inout Canvas) {
        canvas.fill(style: .plain)
        var column = 0
        for command in commands {
            column = canvas.write(" \(command.key.displayName) ", column: column, row: 0, style: .highlighted)
            column = canvas.write(" \(command.title)  ", column: column, row: 0)
        }
    }

    /// A click on a key sends its action up the chain from the focus, as pressing the key would.
    override public func handleMouse(_ event: MouseEvent) -> Bool {
        guard case .press(0) = event.kind else { return false }
        var column = 0
        for command in commands {
            column += command.key.displayName.terminalWidth + command.title.terminalWidth + 5
            if event.position.column < column {
                window?.application?.sendAction(command.action, to: nil, from: self)
                return true
            }
        }
        return false
    }
}
