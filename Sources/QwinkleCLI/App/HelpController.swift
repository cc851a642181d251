import Foundation
import QwinkleKit
import QwinkleTerminalUI

/// Every key of the screen it was opened over, with what it does: `?` shows it, any key closes it.
final class HelpController: ViewController {
    /// The keys, nearest responder first.
    private let commands: [KeyCommand]

    /// Help for these key commands.
    init(commands: [KeyCommand]) {
        self.commands = commands
        super.init()
        title = "Keys"
    }

    /// A bordered list.
    override func loadView() -> View {
        HelpView(commands: commands + [
            KeyCommand(.tab, "Next control", action: .focusNext), KeyCommand(.backTab, "Previous control", action: .focusPrevious),
        ])
    }

    /// Sized to the list.
    override var preferredContentSize: (width: Int, height: Int)? { (56, commands.count + 6) }

    /// Any key closes help.
    override func handleKey(_ key: Key) -> Bool {
        window?.dismissPresented()
        return true
    }

    /// A click closes help too.
    override func handleMouse(_ event: MouseEvent) -> Bool {
        guard case .press = event.kind else { return false }
        window?.dismissPresented()
        return true
    }
}

/// The help box.
private final class HelpView: View {
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
