import QwinkleKit

/// A rectangle of the screen that draws itself and holds subviews: talk 000's composite. Moving a view moves
/// its subviews; hiding it hides them; it is the next responder of its subviews.
@MainActor
open class View: Responder {
    /// Where the view is in its superview's cells.
    public var frame: CellRect = .zero {
        didSet { if frame != oldValue { setNeedsLayout() } }
    }
    /// The views inside this one, back to front.
    public private(set) var subviews: [View] = []
    /// The view this one is inside.
    public private(set) weak var superview: View?
    /// The view controller whose root view this is, if any: the next responder after the view.
    weak var owningController: ViewController?
    /// Whether the view and its subviews are hidden (not drawn, not focused, not hit).
    public var isHidden = false {
        didSet {
            guard isHidden != oldValue else { return }
            superview?.setNeedsLayout()
            setNeedsDisplay()
        }
    }
    /// The style the view's cells are filled with before it draws; `nil` leaves what is under it.
    public var backgroundStyle: TextStyle?
    /// Whether `layoutSubviews` must run before the next draw.
    public private(set) var needsLayout = true

    /// An empty view with a frame.
    public init(frame: CellRect = .zero) {
        self.frame = frame
        super.init()
    }

    /// The view's own rectangle: its size, from its top-left corner.
    public var bounds: CellRect {
        CellRect(column: 0, row: 0, width: frame.width, height: frame.height)
    }

    /// After the view: its view controller, if it is one's root view, else its superview.
    override open var next: Responder? {
        owningController ?? superview
    }

    /// The window the view is in, if any.
    public var window: Window? {
        var view: View? = self
        while let current = view {
            if let window = current as? Window { return window }
            view = current.superview
        }
        return nil
    }

    /// Adds a view in front of the others.
    public func addSubview(_ view: View) {
        view.removeFromSuperview()
        subviews.append(view)
        view.superview = self
        setNeedsLayout()
    }

    /// Takes the view out of its superview; if it held the focus, the window's focus goes with it.
    public func removeFromSuperview() {
        guard let superview else { return }
        let window = self.window
        if let first = window?.firstResponder as? View, first.isDescendant(of: self) { window?.makeFirstResponder(nil) }
        superview.subviews.removeAll { $0 === self }
        self.superview = nil
        superview.setNeedsLayout()
    }

    /// Whether this view is `view` or inside it.
    public func isDescendant(of view: View) -> Bool {
        var current: View? = self
        while let candidate = current {
            if candidate === view { return true }
            current = candidate.superview
        }
        return false
    }

    /// Asks for `layoutSubviews` before the next frame.
    public func setNeedsLayout() {
        needsLayout = true
        setNeedsDisplay()
    }

    /// Asks for a new frame: the application draws the window again and writes only the cells that changed.
    public func setNeedsDisplay() {
        window?.requestDisplay()
    }

    /// Places the subviews in `bounds`; the default leaves them where they are.
    open func layoutSubviews() {}

    /// Lays out this view and then its subviews, where needed.
    public func layoutIfNeeded() {
        if needsLayout {
            needsLayout = false
            layoutSubviews()
        }
        for subview in subviews { subview.layoutIfNeeded() }
    }

    /// Draws the view's own content, in its own cells; subviews are drawn after, over it.
    open func draw(in canvas: inout Canvas) {}

    /// Draws the view and its subviews into the canvas, each in its frame.
    public func display(in canvas: inout Canvas) {
        guard !isHidden else { return }
        canvas.within(frame) { canvas in
            if let backgroundStyle { canvas.fill(style: backgroundStyle) }
            draw(in: &canvas)
            for subview in subviews { subview.display(in: &canvas) }
        }
    }

    /// The frontmost visible view at a point in this view's superview's cells, this one included.
    public func hitTest(_ point: CellPoint) -> View? {
        guard !isHidden, frame.contains(point) else { return nil }
        let local = CellPoint(column: point.column - frame.column, row: point.row - frame.row)
        for subview in subviews.reversed() {
            if let hit = subview.hitTest(local) { return hit }
        }
        return self
    }

    /// A point on the screen in this view's own cells.
    public func convertFromScreen(_ point: CellPoint) -> CellPoint {
        var result = point
        var view: View? = self
        while let current = view {
            result.column -= current.frame.column
            result.row -= current.frame.row
            view = current.superview
        }
        return result
    }

    /// Makes this view the window's first responder; `false` when it cannot be.
    @discardableResult
    public func becomeFirstResponder() -> Bool {
        guard canBecomeFirstResponder, let window else { return false }
        return window.makeFirstResponder(self)
    }

    /// Whether this view has the focus.
    public var isFirstResponder: Bool {
        window?.firstResponder === self
    }
}
