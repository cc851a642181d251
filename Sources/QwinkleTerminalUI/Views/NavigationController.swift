import QwinkleKit

/// A stack of view controllers, the top one shown under a title bar: push to go in, Esc (or `pop`) to come back.
@MainActor
public final class NavigationController: ViewController {
    /// The stack, bottom first.
    public private(set) var viewControllers: [ViewController] = []
    /// Going back is itself an action, so Esc and a mouse click on the title bar do the same.
    public static let back = Action("navigationBack")

    /// A stack starting at `root`.
    public init(root: ViewController) {
        super.init()
        push(root)
    }

    /// The controller shown.
    public var topViewController: ViewController? { viewControllers.last }

    /// The focus goes to the controller shown.
    override public var focusController: ViewController { topViewController?.focusController ?? self }

    /// The title bar and a container for the top controller's view.
    override public func loadView() -> View {
        NavigationView(controller: self)
    }

    /// Shows a controller on top of the stack.
    public func push(_ controller: ViewController) {
        let old = viewControllers.last
        old?.viewWillDisappear()
        controller.parent = self
        viewControllers.append(controller)
        show(controller, replacing: old)
    }

    /// Takes the top controller off, unless it is the last; returns it.
    @discardableResult
    public func pop() -> ViewController? {
        guard viewControllers.count > 1, let top = viewControllers.popLast() else { return nil }
        top.viewWillDisappear()
        if let newTop = viewControllers.last { show(newTop, replacing: top) }
        top.parent = nil
        return top
    }

    /// Replaces the whole stack.
    public func setViewControllers(_ controllers: [ViewController]) {
        guard let last = controllers.last else { return }
        let old = viewControllers.last
        old?.viewWillDisappear()
        for controller in viewControllers where !controllers.contains(where: { $0 === controller }) { controller.parent = nil }
        for controller in controllers { controller.parent = self }
        viewControllers = controllers
        show(last, replacing: old)
    }

    /// Esc goes back when there is somewhere to go back to.
    override public var keyCommands: [KeyCommand] {
        viewControllers.count > 1 ? [KeyCommand(.escape, "Back", action: Self.back, isMain: true)] : []
    }

    /// Goes back.
    override public func perform(_ action: Action, sender: AnyObject?) -> Bool {
        guard action == Self.back, viewControllers.count > 1 else { return false }
        pop()
        return true
    }

    /// Swaps the shown view, telling both controllers, and focuses the new one.
    private func show(_ controller: ViewController, replacing old: ViewController?) {
        guard let container = (view as? NavigationView)?.container else { return }
        if let old, old !== controller {
            old.view.removeFromSuperview()
            old.viewDidDisappear()
        }
        // The view loads before the controller hears it will appear, as UIKit orders it.
        let view = controller.view
        controller.viewWillAppear()
        container.addSubview(view)
        container.setNeedsLayout()
        controller.viewDidAppear()
        view.setNeedsDisplay()
        if let window = view.window, window.presentedViewController == nil { window.focusPreferred(of: controller) }
    }
}
