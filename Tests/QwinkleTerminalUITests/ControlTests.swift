import QwinkleKit
import Testing

@testable import QwinkleTerminalUI

/// Controls drawn into the in-memory screen.
@MainActor
@Suite struct ControlTests {
    /// Draws one view at 40 × 1 in a window of its own, focused.
    private func draw(_ view: View) -> Screen {
        let controller = ViewController()
        view.frame = CellRect(column: 0, row: 0, width: 40, height: 1)
        controller.view.addSubview(view)
        let application = Application()
        application.window.rootViewController = controller
        return application.render(width: 40, height: 2)
    }

    /// A focused button is reversed; a disabled one dim and not focusable.
    @Test func buttonStyles() {
        let button = Button("Post")
        let screen = draw(button)
        #expect(screen.text(row: 0).hasPrefix("[ Post ]"))
        #expect(screen[2, 0].style.reverse)
        let disabled = Button("Post")
        disabled.isEnabled = false
        let dim = draw(disabled)
        #expect(dim[2, 0].style.dim)
        #expect(!disabled.isFirstResponder)
    }

    /// A secure text field shows dots, and its cursor as a reversed cell after the text.
    @Test func secureFieldShowsDotsAndCursor() {
        let field = TextField(text: "pass")
        field.isSecure = true
        let screen = draw(field)
        #expect(screen.text(row: 0).hasPrefix("••••"))
        #expect(screen[4, 0].style.reverse)
        #expect(!screen[3, 0].style.reverse)
    }

    /// A toggle flips on Space and sends `valueChanged`; a segmented control moves with the arrows.
    @Test func toggleAndSegments() {
        let changed = Action("changed")
        let controller = RecordingController(answering: [changed])
        let toggle = Toggle("Photos")
        toggle.addTarget(controller, action: changed, for: .valueChanged)
        #expect(toggle.handleKey(.character(" ")))
        #expect(toggle.isOn)
        let segments = SegmentedControl(["Public", "Journal"])
        segments.addTarget(controller, action: changed, for: .valueChanged)
        #expect(segments.handleKey(.right))
        #expect(segments.selectedIndex == 1)
        #expect(controller.performed == [changed, changed])
        let screen = draw(segments)
        #expect(screen.text(row: 0).contains("(•) Journal"))
    }

    /// The chosen segment is marked and bold wherever the focus is; it is reversed, as focus shows on every
    /// control, only while the segmented control has the focus, so a choice never looks like the focus.
    @Test func chosenSegmentIsNotShownAsFocus() {
        let controller = ViewController()
        let segments = SegmentedControl(["Log in", "Sign up"])
        segments.frame = CellRect(column: 0, row: 0, width: 40, height: 1)
        let button = Button("Log in")
        button.frame = CellRect(column: 0, row: 1, width: 40, height: 1)
        controller.view.addSubview(segments)
        controller.view.addSubview(button)
        let application = Application()
        application.window.rootViewController = controller
        #expect(application.window.firstResponder === segments)
        let focused = application.render(width: 40, height: 3)
        #expect(focused[0, 0].style.reverse)
        #expect(focused[0, 0].style.bold)
        application.window.focusNext()
        #expect(application.window.firstResponder === button)
        let unfocused = application.render(width: 40, height: 3)
        #expect(unfocused.text(row: 0).hasPrefix("(•) Log in"))
        #expect(unfocused[0, 0].style.bold)
        #expect(!unfocused[0, 0].style.reverse)
        #expect(unfocused[2, 1].style.reverse)
    }

    /// Text set from outside puts the cursor at its end; typing then goes on from there, and ← inserts before.
    @Test func textSetFromOutsideContinuesAtItsEnd() {
        let field = TextField()
        field.text = "The quick fox"
        #expect(field.cursor == 13)
        _ = field.handleKey(.character("!"))
        _ = field.handleKey(.left)
        _ = field.handleKey(.character("?"))
        #expect(field.text == "The quick fox?!")
    }

    /// Pasted line breaks, CR or CRLF as terminals send them, are spaces on one line and LF on several.
    @Test func pastedLineBreaks() {
        let field = TextField()
        #expect(field.handlePaste("one\rtwo\r\nthree"))
        #expect(field.text == "one two three")
        let area = TextField()
        area.isMultiline = true
        #expect(area.handlePaste("one\rtwo\r\nthree"))
        #expect(area.text == "one\ntwo\nthree")
    }
}
