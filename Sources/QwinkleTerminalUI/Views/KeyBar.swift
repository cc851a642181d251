import QwinkleKit

/// The bottom row: the main keys of the screen in front, so nobody has to guess (`c Compose  ? Help  q Quit`).
/// When they do not all fit the width, it keeps as many as fit beside the key that lists them all (`? Help`).
@MainActor
public final class KeyBar: View {
    /// The commands to show, left to right, if the width allows.
    public var commands: [KeyCommand] = []
    /// The action of the command that lists every key (help): the one kept when others must be dropped.
    public var overflowAction: Action?

    /// The commands shown at a width: all of them when they fit; otherwise, in order, as many as fit beside the
    /// overflow command (placed last); with no overflow command, as many as fit.
    public func visibleCommands(width: Int) -> [KeyCommand] {
        guard Self.width(of: commands) > width else { return commands }
        let overflow = commands.first { $0.action == overflowAction }
        let reserved = overflow.map { Self.width(of: [$0]) + 2 } ?? 0
        var shown: [KeyCommand] = []
        for command in commands where command.action != overflowAction || overflow == nil {
            guard Self.width(of: shown + [command]) + reserved <= width else { break }
            shown.append(command)
        }
        if let overflow, Self.width(of: shown + [overflow]) <= width { shown.append(overflow) }
        return shown
    }

    /// Draws each key reversed, then its title.
    override public func draw(in canvas: inout Canvas) {
        canvas.fill(style: .plain)
        var column = 0
        for command in visibleCommands(width: frame.width) {
            column = canvas.write(" \(command.key.displayName) ", column: column, row: 0, style: .highlighted)
            column = canvas.write(" \(command.title)  ", column: column, row: 0)
        }
    }

    /// A click on a key sends its action up the chain from the focus, as pressing the key would.
    override public func handleMouse(_ event: MouseEvent) -> Bool {
        guard case .press(0) = event.kind else { return false }
        var column = 0
        for command in visibleCommands(width: frame.width) {
            column += Self.width(of: [command]) + 2
            if event.position.column < column {
                window?.application?.sendAction(command.action, to: nil, from: self)
                return true
            }
        }
        return false
    }

    /// The columns some commands take side by side, without the spaces after the last title.
    private static func width(of commands: [KeyCommand]) -> Int {
        guard !commands.isEmpty else { return 0 }
        // " key " then " title  ", two columns of which only separate one command from the next.
        return commands.reduce(0) { $0 + $1.key.displayName.terminalWidth + $1.title.terminalWidth + 5 } - 2
    }
}
