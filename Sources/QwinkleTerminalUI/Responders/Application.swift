import QwinkleKit

/// The end of the responder chain and the owner of the window: it turns input events into calls on responders,
/// sends actions, and draws frames.
@MainActor
public final class Application: Responder {
    /// The one window.
    public let window = Window()
    /// Whether the app is still running; `quit()` ends the run loop after the current event.
    public private(set) var isRunning = true
    /// Whether something asked for a new frame since the last one.
    public private(set) var needsFrame = true
    /// Called when a frame is wanted outside an event (a reply from the server), so the run loop can draw one.
    var frameRequested: (@MainActor () -> Void)?

    /// An application with an empty window.
    override public init() {
        super.init()
        window.application = self
    }

    /// Sends an action to a target, or, with a `nil` target, up the chain from the first responder until one
    /// performs it: talk 000's "send to first responder". Returns whether anything performed it.
    @discardableResult
    public func sendAction(_ action: Action, to target: Responder?, from sender: AnyObject?) -> Bool {
        if let target { return target.perform(action, sender: sender) }
        return window.chainStart.sendUpChain(action, sender: sender)
    }

    /// Handles one input event: keys and pastes go to the first responder and up the chain; the mouse goes to the
    /// view under it (which takes the focus if it can) and up the chain.
    public func handle(_ event: InputEvent) {
        switch event {
        case .key(let key): handle(key)
        case .paste(let text): _ = window.chainStart.responderChain.contains { $0.handlePaste(text) }
        case .mouse(let mouse): handle(mouse)
        }
    }

    /// Stops the run loop after the current event.
    public func quit() {
        isRunning = false
    }

    /// Asks for a new frame.
    public func setNeedsFrame() {
        guard !needsFrame else { return }
        needsFrame = true
        frameRequested?()
    }

    /// Lays the window out at a size and draws it into a fresh screen: one frame.
    public func render(width: Int, height: Int) -> Screen {
        needsFrame = false
        window.frame = CellRect(column: 0, row: 0, width: width, height: height)
        window.layoutIfNeeded()
        var canvas = Canvas(screen: Screen(width: width, height: height))
        window.display(in: &canvas)
        return canvas.screen
    }

    /// A key: each responder from the focus up may handle it, or answer it with one of its key commands.
    private func handle(_ key: Key) {
        for responder in window.chainStart.responderChain {
            if responder.handleKey(key) { return }
            for command in responder.keyCommands where command.key == key {
                if responder.sendUpChain(command.action, sender: nil) { return }
            }
        }
    }

    /// A mouse event, in each view's own cells as it travels up.
    private func handle(_ event: MouseEvent) {
        guard let hit = window.hitTest(event.position) else { return }
        // A presented screen is modal: what is behind it cannot be clicked, and a click beside it is its own.
        if let presented = window.presentedViewController, !hit.isDescendant(of: presented.view) {
            _ = presented.handleMouse(event)
            return
        }
        if case .press = event.kind {
            var view: View? = hit
            while let candidate = view, !candidate.canBecomeFirstResponder { view = candidate.superview }
            if let view { window.makeFirstResponder(view) }
        }
        for responder in hit.responderChain {
            var local = event
            if let view = responder as? View { local.position = view.convertFromScreen(event.position) }
            if responder.handleMouse(local) { return }
        }
    }
}
