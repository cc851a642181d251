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

    /// Takes every controller off above the root.
    public func popToRoot() {
        while viewControllers.count > 1 { pop() }
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

/// A navigation controller's view: the titles of the stack on the top row, the top controller's view below.
@MainActor
final class NavigationView: View {
    /// The controller whose stack is shown.
    private unowned let controller: NavigationController
    /// Holds the top controller's view.
    let container = ContainerView()

    /// A view for a navigation controller.
    init(controller: NavigationController) {
        self.controller = controller
        super.init()
        addSubview(container)
    }

    /// The title bar takes the top row.
    override func layoutSubviews() {
        container.frame = CellRect(column: 0, row: 1, width: frame.width, height: frame.height - 1)
    }

    /// The titles, from the root to the top, separated by arrows.
    override func draw(in canvas: inout Canvas) {
        canvas.fill(CellRect(column: 0, row: 0, width: frame.width, height: 1), style: TextStyle(reverse: true))
        let titles = controller.viewControllers.map(\.title).filter { !$0.isEmpty }
        canvas.write(" " + titles.joined(separator: " › "), column: 0, row: 0, style: TextStyle(bold: true, reverse: true))
    }

    /// A click on the title bar goes back.
    override func handleMouse(_ event: MouseEvent) -> Bool {
        guard case .press(0) = event.kind, event.position.row == 0 else { return false }
        return controller.perform(NavigationController.back, sender: self)
    }
}

/// A view whose one subview fills it.
@MainActor
final class ContainerView: View {
    /// Every subview fills the container.
    override func layoutSubviews() {
        for subview in subviews { subview.frame = bounds }
    }
}
