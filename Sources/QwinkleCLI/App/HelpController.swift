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
