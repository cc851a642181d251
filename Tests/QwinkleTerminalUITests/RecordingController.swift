@testable import QwinkleTerminalUI

/// A view controller that records the actions it performs, and answers only `answered`.
@MainActor
final class RecordingController: ViewController {
    /// The actions performed, in order.
    var performed: [Action] = []
    /// The actions this controller answers to.
    var answered: Set<Action>
    /// Keys handled, in order.
    var keys: [Key] = []
    /// Lifecycle calls, in order.
    var lifecycle: [String] = []

    /// A controller answering some actions.
    init(answering answered: Set<Action> = []) {
        self.answered = answered
        super.init()
    }

    /// Records and performs the answered actions.
    override func perform(_ action: Action, sender: AnyObject?) -> Bool {
        guard answered.contains(action) else { return false }
        performed.append(action)
        return true
    }

    /// Records every key that reaches it, and handles `x`.
    override func handleKey(_ key: Key) -> Bool {
        keys.append(key)
        return key == .character("x")
    }

    /// Records the call.
    override func viewDidLoad() { lifecycle.append("load") }
    /// Records the call.
    override func viewWillAppear() { lifecycle.append("willAppear") }
    /// Records the call.
    override func viewDidAppear() { lifecycle.append("didAppear") }
    /// Records the call.
    override func viewWillDisappear() { lifecycle.append("willDisappear") }
    /// Records the call.
    override func viewDidDisappear() { lifecycle.append("didDisappear") }
}
