/// The spacing of a dream card in a renderer's units: the card's layout is one, but a gap of 8 SVG units is a gap
/// of 1 terminal cell.
public struct CardMetrics: Hashable, Sendable {
    /// Space between the card's edge and its parts.
    public var padding: EdgeInsets
    /// Space around and between the creatures and the description (`DecoratingLayout`'s spacing).
    public var spacing: Double
    /// How much of each creature shows from under the next (`CascadingLayout`'s overlap).
    public var overlap: Double

    /// Creates metrics; the overlap defaults to the cascade's own default, a fifth.
    public init(padding: EdgeInsets, spacing: Double, overlap: Double = 0.2) {
        self.padding = padding
        self.spacing = spacing
        self.overlap = overlap
    }
}
