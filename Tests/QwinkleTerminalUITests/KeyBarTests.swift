import Foundation
import QwinkleKit
import Testing

@testable import QwinkleTerminalUI

/// The key bar lists what works from the focus, and fits its width.
@MainActor
@Suite struct KeyBarTests {
    /// A controller with main keys: `c` Compose, `/` Search, `n` Notifications, `?` Help and `q` Quit.
    private final class KeysController: ViewController {
        /// The actions performed, in order.
        var performed: [Action] = []

        override func perform(_ action: Action, sender: AnyObject?) -> Bool {
            performed.append(action)
            return true
        }

        override var keyCommands: [KeyCommand] {
            [
                KeyCommand(.character("c"), "Compose", action: Action("compose"), isMain: true),
                KeyCommand(.character("/"), "Search", action: Action("search"), isMain: true),
                KeyCommand(.character("n"), "Notifications", action: Action("notifications"), isMain: true),
                KeyCommand(.character("?"), "Help", action: Action("help"), isMain: true),
                KeyCommand(.control("o"), "Draft", action: Action("draft"), isMain: true),
                KeyCommand(.escape, "Back", action: Action("back"), isMain: true),
            ]
        }
    }

    /// An application whose root shows `views` under the keys above, rendered at `width` × 5.
    private func render(width: Int, views: [View] = [], controller: KeysController = KeysController()) -> (Application, Screen) {
        for (index, view) in views.enumerated() {
            view.frame = CellRect(column: 0, row: index, width: 20, height: 1)
            controller.view.addSubview(view)
        }
        let application = Application()
        application.window.keyBar.overflowAction = Action("help")
        application.window.rootViewController = controller
        return (application, application.render(width: width, height: 5))
    }

    /// With room for all, every main key shows, in order.
    @Test func allKeysShowWhenTheyFit() {
        let (_, screen) = render(width: 120)
        let bar = screen.text(row: 4)
        #expect(bar.hasPrefix(" c  Compose   /  Search   n  Notifications   ?  Help   Ctrl-O  Draft   Esc  Back"))
    }

    /// Too narrow for all: the keys that fit, then `? Help`, and never a key cut in half.
    @Test func narrowBarKeepsHelpAndCutsNoKey() {
        let (_, screen) = render(width: 40)
        let bar = screen.text(row: 4).trimmingCharacters(in: .whitespaces)
        #expect(bar == "c  Compose   /  Search   ?  Help")
        let (_, tiny) = render(width: 10)
        #expect(tiny.text(row: 4).trimmingCharacters(in: .whitespaces) == "?  Help")
    }

    /// A click on `? Help` in a narrowed bar sends Help, not the key that used to stand there.
    @Test func clickFollowsTheKeysShown() {
        let controller = KeysController()
        let (application, _) = render(width: 40, controller: controller)
        application.handle(.mouse(MouseEvent(.press(button: 0), at: CellPoint(column: 27, row: 4))))
        #expect(controller.performed == [Action("help")])
    }

    /// While a text field has the focus, the character keys type text, so the bar shows only keys that still work.
    @Test func textFieldHidesCharacterKeys() {
        let field = TextField()
        let (application, screen) = render(width: 120, views: [field])
        #expect(application.window.firstResponder === field)
        let titles = application.window.availableKeyCommands.map(\.title)
        #expect(titles == ["Draft", "Back"])
        #expect(screen.text(row: 4).hasPrefix(" Ctrl-O  Draft   Esc  Back"))
    }
}
