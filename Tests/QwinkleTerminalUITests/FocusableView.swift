@testable import QwinkleTerminalUI

/// A view that can take the focus, and handles nothing.
@MainActor
final class FocusableView: View {
    /// It can.
    override var canBecomeFirstResponder: Bool { true }
}
