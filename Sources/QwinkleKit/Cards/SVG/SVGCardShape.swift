/// The proportions an SVG dream card is drawn in, each with type sized for it.
///
/// The card's text is part of the picture, so it shrinks with it: the wide card's words are readable only where it
/// is shown about 500 px wide. A phone's column is about 300 px, so pages there show the narrow card, drawn for that
/// width, whose words are as large as the page's own small print.
public enum SVGCardShape: String, CaseIterable, Hashable, Sendable {
    /// 500 × 200: the card itself, for downloads and wide screens.
    case wide
    /// 280 × 280: for a phone's column.
    case narrow

    /// The card's box, its `viewBox`.
    public var bounds: Rect {
        switch self {
        case .wide: Rect(x: 0, y: 0, width: 500, height: 200)
        case .narrow: Rect(x: 0, y: 0, width: 280, height: 280)
        }
    }

    /// The title's size, in the card's units.
    var titleSize: Double {
        switch self {
        case .wide: 17
        case .narrow: 15
        }
    }

    /// The description's size.
    var bodySize: Double { 13 }

    /// The effects' size.
    var footerSize: Double {
        switch self {
        case .wide: 11
        case .narrow: 12
        }
    }
}
