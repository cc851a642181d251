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
}
