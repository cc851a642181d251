/// Whether the photo drawer is *meant* to be open: talk 004's semantic state, kept apart from any animation.
///
/// The drawer view may still exist while it animates shut; that is presentation. Decisions (does a tap on the
/// body collapse the drawer?) read this value, which changes at once, so tapping faster than an animation
/// cannot leave the two disagreeing.
public enum PhotoDrawer: String, Hashable, Sendable, Codable, CaseIterable {
    /// The drawer is shut, or shutting.
    case collapsed
    /// The drawer is open, or opening.
    case expanded

    /// The other state.
    public var toggled: PhotoDrawer {
        switch self {
        case .collapsed: .expanded
        case .expanded: .collapsed
        }
    }
}
