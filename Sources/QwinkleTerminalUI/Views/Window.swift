import QwinkleKit

/// The view at the top of the hierarchy: it shows the root view controller and one presented over it, keeps the
/// focus (the first responder), and passes what no view handled to the application.
@MainActor
public final class Window: View {
    /// The application that owns the window: the last responder of the chain.
    public internal(set) weak var application: Application?
    /// The responder keys go to first; `nil` sends them to the top view controller.
    public private(set) var firstResponder: Responder?
    /// The key bar along the bottom row, showing the main keys of whatever has the focus.
    public let keyBar = KeyBar()

    /// The view controller whose view fills the window.
    public var rootViewController: ViewController? {
        didSet {
            oldValue?.view.removeFromSuperview()
            guard let rootViewController else { return }
            let view = rootViewController.view
            rootViewController.viewWillAppear()
            insertContent(view)
            rootViewController.viewDidAppear()
            focusPreferred(of: rootViewController)
        }
    }

    /// The view controller shown over the root, such as help or a question; it has the focus while it is shown.
    public private(set) var presentedViewController: ViewController?

    /// An empty window.
    public init() {
        super.init()
        addSubview(keyBar)
    }

    /// The window passes what it does not handle to the application.
    override public var next: Responder? { application }

    /// The view controller at the top: the presented one, else the root.
    public var topViewController: ViewController? {
        presentedViewController ?? rootViewController
    }

    /// Shows a view controller over the root, giving it the focus.
    public func present(_ controller: ViewController) {
        dismissPresented()
        presentedViewController = controller
        controller.presentingWindow = self
        let view = controller.view
        controller.viewWillAppear()
        addSubview(view)
        controller.viewDidAppear()
        focusPreferred(of: controller)
        setNeedsLayout()
    }

    /// Takes away the presented view controller, giving the focus back to the root's.
    public func dismissPresented() {
        guard let presented = presentedViewController else { return }
        presented.viewWillDisappear()
        presented.view.removeFromSuperview()
        presented.presentingWindow = nil
        presentedViewController = nil
        presented.viewDidDisappear()
        if let rootViewController { focusPreferred(of: rootViewController) }
        setNeedsLayout()
    }

    /// Makes `responder` the first responder (`nil`: none); `false`, changing nothing, when it cannot be.
    @discardableResult
    public func makeFirstResponder(_ responder: Responder?) -> Bool {
        if let responder, !responder.canBecomeFirstResponder { return false }
        guard responder !== firstResponder else { return true }
        let old = firstResponder
        firstResponder = responder
        old?.didResignFirstResponder()
        responder?.didBecomeFirstResponder()
        setNeedsDisplay()
        return true
    }

    /// The views that can take the focus, in the order Tab visits them: depth first, back to front, within the
    /// top view controller's view.
    public var focusableViews: [View] {
        guard let top = topViewController?.view else { return [] }
        var views: [View] = []
        func visit(_ view: View) {
            guard !view.isHidden else { return }
            if view.canBecomeFirstResponder { views.append(view) }
            view.subviews.forEach(visit)
        }
        visit(top)
        return views
    }

    /// Moves the focus to the next view that can take it (Tab), wrapping around.
    public func focusNext() {
        moveFocus(by: 1)
    }

    /// Moves the focus to the previous view that can take it (Shift-Tab), wrapping around.
    public func focusPrevious() {
        moveFocus(by: -1)
    }

    /// Tab and Shift-Tab move the focus.
    override public func handleKey(_ key: Key) -> Bool {
        switch key {
        case .tab: focusNext()
        case .backTab: focusPrevious()
        default: return false
        }
        return true
    }

    /// The focus actions, for controls that send them.
    override public func perform(_ action: Action, sender: AnyObject?) -> Bool {
        switch action {
        case .focusNext: focusNext()
        case .focusPrevious: focusPrevious()
        default: return false
        }
        return true
    }

    /// The content fills the window above the key bar; a presented view sits centred in it.
    override public func layoutSubviews() {
        keyBar.frame = CellRect(column: 0, row: frame.height - 1, width: frame.width, height: 1)
        let content = CellRect(column: 0, row: 0, width: frame.width, height: frame.height - 1)
        rootViewController?.view.frame = content
        if let presented = presentedViewController {
            let size = presented.preferredContentSize ?? (content.width, content.height)
            let width = min(size.width, content.width)
            let height = min(size.height, content.height)
            presented.view.frame = CellRect(
                column: (content.width - width) / 2, row: (content.height - height) / 2, width: width, height: height
            )
        }
    }

    /// The key bar shows the main keys of the focused chain; drawing happens after layout, so it is current.
    override public func draw(in canvas: inout Canvas) {
        keyBar.commands = availableKeyCommands.filter(\.isMain)
    }

    /// The key commands of every responder from the focus up, the nearest first when two share a key, less those
    /// whose key a responder nearer the focus takes for itself (in a text field, `c` types a "c").
    public var availableKeyCommands: [KeyCommand] {
        var seen: Set<Key> = []
        var passed: [Responder] = []
        var commands: [KeyCommand] = []
        for responder in chainStart.responderChain {
            // A responder's own handleKey comes before its key commands, so it shadows them too.
            passed.append(responder)
            for command in responder.keyCommands where !passed.contains(where: { $0.takesKey(command.key) }) {
                if seen.insert(command.key).inserted { commands.append(command) }
            }
        }
        return commands
    }

    /// Where events start: the first responder, else the top view controller, else the window.
    public var chainStart: Responder {
        firstResponder ?? topViewController ?? self
    }

    /// Tells the application a new frame is wanted.
    func requestDisplay() {
        application?.setNeedsFrame()
    }

    /// Puts the root's view behind everything else.
    private func insertContent(_ view: View) {
        addSubview(view)
        // The root's view goes at the back, so a presented view and the key bar stay in front.
        if let presented = presentedViewController?.view { presented.removeFromSuperview(); addSubview(presented) }
        keyBar.removeFromSuperview()
        addSubview(keyBar)
        setNeedsLayout()
    }

    /// Gives the focus to the view a controller prefers, or its first focusable view, or nothing.
    func focusPreferred(of controller: ViewController) {
        let target = controller.focusController
        let preferred = target.preferredFirstResponder ?? focusableViews.first { $0.isDescendant(of: target.view) }
        if let preferred, preferred.isDescendant(of: target.view), preferred.canBecomeFirstResponder {
            makeFirstResponder(preferred)
        } else {
            makeFirstResponder(target)
        }
    }

    /// Moves the focus through `focusableViews`.
    private func moveFocus(by step: Int) {
        let views = focusableViews
        guard !views.isEmpty else { return }
        let current = views.firstIndex { $0 === firstResponder }
        let next = current.map { ($0 + step + views.count) % views.count } ?? (step > 0 ? 0 : views.count - 1)
        makeFirstResponder(views[next])
    }
}
