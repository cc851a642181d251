import QwinkleKit

/// Manages one screen's view: loads it when first asked, is told as it appears and disappears, and handles the
/// actions and keys its views pass up (it is their next responder).
@MainActor
open class ViewController: Responder {
    /// The screen's name, shown in the title bar.
    open var title: String = ""
    /// The controller this one is a child of (a navigation controller, for one on its stack).
    public internal(set) weak var parent: ViewController?
    /// The window presenting this controller over the root, when it is presented.
    weak var presentingWindow: Window?
    /// The view, once loaded.
    private var loadedView: View?

    /// A controller whose view is not loaded yet.
    override public init() {
        super.init()
    }

    /// The root view, loaded (and `viewDidLoad` called) on first use.
    public var view: View {
        if let loadedView { return loadedView }
        let view = loadView()
        view.owningController = self
        loadedView = view
        viewDidLoad()
        return view
    }

    /// Makes the root view; by default an empty one.
    open func loadView() -> View {
        View()
    }

    /// Told once the view is loaded: the place to add subviews and connect targets and actions.
    open func viewDidLoad() {}
    /// Told before the view is shown.
    open func viewWillAppear() {}
    /// Told after the view is shown.
    open func viewDidAppear() {}
    /// Told before the view is taken away.
    open func viewWillDisappear() {}
    /// Told after the view is taken away.
    open func viewDidDisappear() {}

    /// The view that gets the focus when the screen appears; by default the first that can take it.
    open var preferredFirstResponder: View? { nil }

    /// The controller whose screen is really in front: itself, or the top of a stack it holds. The focus goes
    /// into its view, or to it when its view has nothing to focus, so its keys still work.
    open var focusController: ViewController { self }

    /// A controller can hold the focus itself when its view has no control: keys then start at it.
    override open var canBecomeFirstResponder: Bool { true }

    /// A presented controller's size, in cells; `nil` fills the window.
    open var preferredContentSize: (width: Int, height: Int)? { nil }

    /// After the controller: its view's superview, else its parent, else the window presenting it.
    override open var next: Responder? {
        loadedView?.superview ?? parent ?? presentingWindow
    }

    /// Makes a controller this one's child, so it is in this one's responder chain and finds its navigation
    /// controller through it.
    public func addChild(_ child: ViewController) {
        child.parent = self
    }

    /// The navigation controller this one is on, if any.
    public var navigationController: NavigationController? {
        var controller = parent
        while let current = controller {
            if let navigation = current as? NavigationController { return navigation }
            controller = current.parent
        }
        return nil
    }

    /// The window the view is in.
    public var window: Window? {
        loadedView?.window ?? presentingWindow
    }

    /// Asks for a new frame.
    public func setNeedsDisplay() {
        loadedView?.setNeedsDisplay()
    }
}
