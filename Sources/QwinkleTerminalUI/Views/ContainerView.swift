import QwinkleKit

/// A view whose one subview fills it.
@MainActor
final class ContainerView: View {
    /// Every subview fills the container.
    override func layoutSubviews() {
        for subview in subviews { subview.frame = bounds }
    }
}
