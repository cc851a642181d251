import QwinkleKit

/// A view a person uses to do something: it sends actions to targets when its events happen (talk 000's
/// target–action). A `nil` target sends the action up the responder chain from the first responder, so a button
/// need not know which controller will answer it.
@MainActor
open class Control: View {
    /// One connection: an action, and the object to send it to (`nil`: up the chain).
    private struct Connection {
        /// The object to send the action to; weak, as a control never owns its target.
        weak var target: Responder?
        /// Whether a target was given at all, so a target that went away is not taken for "up the chain".
        var hasTarget: Bool
        /// The action.
        var action: Action
    }

    /// The connections for each event.
    private var connections: [ControlEvent: [Connection]] = [:]

    /// Whether the control can be used; a disabled one is drawn dim and skipped by Tab.
    public var isEnabled = true {
        didSet {
            if isEnabled != oldValue { setNeedsDisplay() }
            if !isEnabled, isFirstResponder { window?.focusNext() }
        }
    }

    /// Connects an event to an action sent to `target`, or up the chain when `target` is `nil`.
    public func addTarget(_ target: Responder?, action: Action, for event: ControlEvent) {
        connections[event, default: []].append(Connection(target: target, hasTarget: target != nil, action: action))
    }

    /// Sends the actions connected to an event.
    public func sendActions(for event: ControlEvent) {
        for connection in connections[event] ?? [] {
            if connection.hasTarget {
                _ = connection.target?.perform(connection.action, sender: self)
            } else if let application = window?.application {
                application.sendAction(connection.action, to: nil, from: self)
            } else {
                sendUpChain(connection.action, sender: self)
            }
        }
    }

    /// An enabled, shown control can take the focus.
    override open var canBecomeFirstResponder: Bool { isEnabled && !isHidden }

    /// Redraws when the focus comes, to show it.
    override open func didBecomeFirstResponder() { setNeedsDisplay() }

    /// Redraws when the focus goes.
    override open func didResignFirstResponder() { setNeedsDisplay() }
}
