import QwinkleKit

/// An object that can handle events and actions, and passes what it does not handle to its `next` responder:
/// talk 000's responder chain, view → superview → view controller → window → application.
@MainActor
open class Responder {
    /// Creates a responder.
    public init() {}

    /// The next responder up the chain; `nil` at the application, where the chain ends.
    open var next: Responder? { nil }

    /// Whether this responder can take keyboard focus.
    open var canBecomeFirstResponder: Bool { false }

    /// Handles a key; returns whether it did. Unhandled keys travel up the chain.
    open func handleKey(_ key: Key) -> Bool { false }

    /// Whether `handleKey` takes this key whenever it is pressed here, so that no key command of this responder or
    /// one further up the chain can be reached with it (a text field takes every character typed): the key bar and
    /// help list only the keys that work from where the focus is.
    open func takesKey(_ key: Key) -> Bool { false }

    /// Handles pasted text; returns whether it did.
    open func handlePaste(_ text: String) -> Bool { false }

    /// Handles a mouse event at a position in this responder's coordinates (views) or the screen's; returns
    /// whether it did.
    open func handleMouse(_ event: MouseEvent) -> Bool { false }

    /// Performs an action sent to it or up the chain; returns whether it did (so a responder that does not
    /// handle this action now lets it travel on).
    open func perform(_ action: Action, sender: AnyObject?) -> Bool { false }

    /// The keys this responder answers to, for help and the key bar.
    open var keyCommands: [KeyCommand] { [] }

    /// Told when it became the first responder.
    open func didBecomeFirstResponder() {}

    /// Told when it stopped being the first responder.
    open func didResignFirstResponder() {}

    /// This responder and every one after it, in order.
    public var responderChain: [Responder] {
        var chain: [Responder] = []
        var responder: Responder? = self
        while let current = responder {
            chain.append(current)
            responder = current.next
        }
        return chain
    }

    /// Sends an action up the chain from this responder: the first that performs it ends the journey.
    @discardableResult
    public func sendUpChain(_ action: Action, sender: AnyObject?) -> Bool {
        responderChain.contains { $0.perform(action, sender: sender) }
    }
}
