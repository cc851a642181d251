import Foundation
import QwinkleKit
import QwinkleTerminalUI

/// A question with Yes and No: `y` or the Yes button confirms, `n`, Esc or No goes back.
final class ConfirmController: ViewController {
    /// The question.
    private let question: String
    /// What Yes does.
    private let onYes: () -> Void
    /// Confirms.
    private let yes = Button("Yes")
    /// Goes back.
    private let no = Button("No")

    /// A question and what Yes does.
    init(question: String, onYes: @escaping () -> Void) {
        self.question = question
        self.onYes = onYes
        super.init()
    }

    /// The question above the buttons.
    override func loadView() -> View {
        let view = View()
        view.backgroundStyle = TextStyle(reverse: true)
        let label = Label(StyledText(question, style: TextStyle(bold: true, reverse: true)), wraps: true)
        label.frame = CellRect(column: 2, row: 1, width: 52, height: 2)
        yes.frame = CellRect(column: 2, row: 4, width: 8, height: 1)
        no.frame = CellRect(column: 12, row: 4, width: 8, height: 1)
        yes.addTarget(self, action: .confirm, for: .primaryActionTriggered)
        no.addTarget(self, action: .cancel, for: .primaryActionTriggered)
        for subview in [label, yes, no] { view.addSubview(subview) }
        return view
    }

    /// Centred, small.
    override var preferredContentSize: (width: Int, height: Int)? { (56, 6) }

    /// No is the safe default.
    override var preferredFirstResponder: View? { no }

    /// y and n.
    override var keyCommands: [KeyCommand] {
        [KeyCommand(.character("y"), "Yes", action: .confirm, isMain: true), KeyCommand(.character("n"), "No", action: .cancel, isMain: true),
         KeyCommand(.escape, "No", action: .cancel)]
    }

    /// Yes or No.
    override func perform(_ action: Action, sender: AnyObject?) -> Bool {
        switch action {
        case .confirm:
            window?.dismissPresented()
            onYes()
        case .cancel: window?.dismissPresented()
        default: return false
        }
        return true
    }
}
