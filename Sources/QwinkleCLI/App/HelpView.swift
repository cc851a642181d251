import Foundation
import QwinkleKit
import QwinkleTerminalUI

/// The help box.
final class HelpView: View {
    /// The keys listed.
    let commands: [KeyCommand]

    /// A view of keys.
    init(commands: [KeyCommand]) {
        self.commands = commands
        super.init()
        backgroundStyle = .plain
    }

    /// A box with a key and its meaning per line.
    override func draw(in canvas: inout Canvas) {
        let width = frame.width
        canvas.write("╭" + String(repeating: "─", count: width - 2) + "╮", column: 0, row: 0)
        for row in 1..<frame.height - 1 {
            canvas.write("│", column: 0, row: row)
            canvas.write("│", column: width - 1, row: row)
        }
        canvas.write("╰" + String(repeating: "─", count: width - 2) + "╯", column: 0, row: frame.height - 1)
        canvas.write(" Keys on this screen ", column: 2, row: 0, style: .strong)
        for (index, command) in commands.enumerated() {
            canvas.write(command.key.displayName, column: 3, row: index + 2, style: .strong)
            canvas.write(command.title, column: 16, row: index + 2)
        }
        canvas.write("Any key closes this.", column: 3, row: frame.height - 2, style: .faint)
    }
}
