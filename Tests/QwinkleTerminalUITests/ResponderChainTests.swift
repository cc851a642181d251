import QwinkleKit
import Testing

@testable import QwinkleTerminalUI

/// The responder chain, target–action and focus.
@MainActor
@Suite struct ResponderChainTests {
    /// An application whose root is `controller`, with its view holding `views`, laid out at 40 × 10.
    private func application(root controller: ViewController, views: [View]) -> Application {
        let application = Application()
        for (index, view) in views.enumerated() {
            view.frame = CellRect(column: 0, row: index, width: 20, height: 1)
            controller.view.addSubview(view)
        }
        application.window.rootViewController = controller
        _ = application.render(width: 40, height: 10)
        return application
    }

    /// The action the Post buttons send.
    private let post = Action("post")

    /// An application whose one view is a Post button with no target, over a controller that performs Post.
    private func postButtonApplication() -> (Application, RecordingController) {
        let controller = RecordingController(answering: [post])
        let button = Button("Post")
        button.addTarget(nil, action: post, for: .primaryActionTriggered)
        return (application(root: controller, views: [button]), controller)
    }

    /// The chain runs view → superview → view controller → window → application.
    @Test func chainRunsFromViewToApplication() {
        let controller = RecordingController()
        let inner = FocusableView()
        let outer = View()
        outer.addSubview(inner)
        let application = application(root: controller, views: [outer])
        let chain = inner.responderChain
        #expect(chain.count == 6)
        #expect(chain[0] === inner)
        #expect(chain[1] === outer)
        #expect(chain[2] === controller.view)
        #expect(chain[3] === controller)
        #expect(chain[4] === application.window)
        #expect(chain[5] === application)
    }

    /// A key no view handles travels up to the view controller.
    @Test func unhandledKeyReachesTheController() {
        let controller = RecordingController()
        let field = TextField()
        let application = application(root: controller, views: [field])
        #expect(application.window.firstResponder === field)
        application.handle(.key(.character("a")))
        #expect(field.text == "a")
        #expect(controller.keys.isEmpty)
        application.handle(.key(.down))
        #expect(controller.keys == [.down])
    }

    /// A button with no target sends its action to the first object up the chain that performs it.
    @Test func nilTargetActionGoesUpTheChain() {
        let (application, controller) = postButtonApplication()
        application.handle(.key(.enter))
        #expect(controller.performed == [post])
    }

    /// An action nobody performs is reported as not performed; one with a target goes only to it.
    @Test func explicitTargetAndUnansweredAction() {
        let controller = RecordingController(answering: [])
        let target = RecordingController(answering: [Action("ping")])
        let application = application(root: controller, views: [])
        #expect(!application.sendAction(Action("nobody"), to: nil, from: nil))
        #expect(application.sendAction(Action("ping"), to: target, from: nil))
        #expect(target.performed == [Action("ping")])
        #expect(controller.performed.isEmpty)
    }

    /// Tab and Shift-Tab visit focusable views in order, skipping disabled and hidden ones, wrapping around.
    @Test func tabOrder() {
        let controller = RecordingController()
        let first = TextField()
        let disabled = Button("Disabled")
        disabled.isEnabled = false
        let hidden = Button("Hidden")
        hidden.isHidden = true
        let second = Toggle("On")
        let third = Button("Go")
        let application = application(root: controller, views: [first, disabled, hidden, second, third])
        #expect(application.window.firstResponder === first)
        application.handle(.key(.tab))
        #expect(application.window.firstResponder === second)
        application.handle(.key(.tab))
        #expect(application.window.firstResponder === third)
        application.handle(.key(.tab))
        #expect(application.window.firstResponder === first)
        application.handle(.key(.backTab))
        #expect(application.window.firstResponder === third)
    }

    /// A text field sends `editingDidEnd` when the focus leaves it.
    @Test func leavingAFieldEndsEditing() {
        let ended = Action("ended")
        let controller = RecordingController(answering: [ended])
        let field = TextField()
        field.addTarget(controller, action: ended, for: .editingDidEnd)
        let application = application(root: controller, views: [field, Button("Next")])
        application.handle(.key(.tab))
        #expect(controller.performed == [ended])
    }

    /// A key command declared by the controller runs when no view handles the key.
    @Test func keyCommandsOfTheController() {
        let compose = Action("compose")
        /// A controller with one key command.
        final class Commanding: ViewController {
            /// How many times it composed.
            var composed = 0
            /// `c` composes.
            override var keyCommands: [KeyCommand] { [KeyCommand(.character("c"), "Compose", action: Action("compose"), isMain: true)] }
            /// Counts compositions.
            override func perform(_ action: Action, sender: AnyObject?) -> Bool {
                guard action == Action("compose") else { return false }
                composed += 1
                return true
            }
        }
        let controller = Commanding()
        let application = application(root: controller, views: [Button("Go")])
        application.handle(.key(.character("c")))
        #expect(controller.composed == 1)
        #expect(application.window.availableKeyCommands.map(\.action) == [compose])
        let screen = application.render(width: 40, height: 10)
        #expect(screen.text(row: 9).contains("c  Compose"))
        application.handle(.mouse(MouseEvent(.press(button: 0), at: CellPoint(column: 5, row: 9))))
        #expect(controller.composed == 2)
    }

    /// A click focuses and presses the button under it.
    @Test func clickPressesTheButtonUnderIt() {
        let controller = RecordingController(answering: [post])
        let field = TextField()
        let button = Button("Post")
        button.addTarget(nil, action: post, for: .primaryActionTriggered)
        let application = application(root: controller, views: [field, button])
        application.handle(.mouse(MouseEvent(.press(button: 0), at: CellPoint(column: 2, row: 1))))
        #expect(application.window.firstResponder === button)
        #expect(controller.performed == [post])
    }

    /// While a controller is presented, a click beside it goes to it and never to the button behind.
    @Test func presentedControllerIsModalToTheMouse() {
        let (application, controller) = postButtonApplication()
        /// Counts the clicks it is given.
        final class Modal: ViewController {
            /// How many clicks reached it.
            var clicks = 0
            /// A small box.
            override var preferredContentSize: (width: Int, height: Int)? { (10, 3) }
            /// Counts.
            override func handleMouse(_ event: MouseEvent) -> Bool {
                clicks += 1
                return true
            }
        }
        let modal = Modal()
        application.window.present(modal)
        _ = application.render(width: 40, height: 10)
        application.handle(.mouse(MouseEvent(.press(button: 0), at: CellPoint(column: 2, row: 0))))
        #expect(controller.performed.isEmpty)
        #expect(modal.clicks == 1)
        application.window.dismissPresented()
        application.handle(.mouse(MouseEvent(.press(button: 0), at: CellPoint(column: 2, row: 0))))
        #expect(controller.performed == [post])
    }

    /// A navigation controller tells both controllers as it pushes and pops, and Esc pops.
    @Test func navigationLifecycle() {
        let root = RecordingController()
        root.title = "Home"
        let navigation = NavigationController(root: root)
        let application = Application()
        application.window.rootViewController = navigation
        let pushed = RecordingController()
        pushed.title = "Entry"
        navigation.push(pushed)
        let screen = application.render(width: 40, height: 10)
        #expect(screen.text(row: 0).hasPrefix(" Home › Entry"))
        #expect(root.lifecycle.suffix(2) == ["willDisappear", "didDisappear"])
        #expect(pushed.lifecycle == ["load", "willAppear", "didAppear"])
        application.handle(.key(.escape))
        #expect(navigation.topViewController === root)
        #expect(pushed.lifecycle.suffix(2) == ["willDisappear", "didDisappear"])
    }
}
