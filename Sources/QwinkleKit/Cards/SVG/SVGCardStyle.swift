/// The look of the SVG dream card: its spacing, colours and type, in one place (its sizes are `SVGCardShape`'s).
enum SVGCardStyle {
    static let metrics = CardMetrics(padding: EdgeInsets(all: 10), spacing: 8)

    static let cardColor = "#272150"
    static let cardEdgeColor = "#4b3f8f"
    static let starColor = "#ffffff"
    static let titleColor = "#ffffff"
    static let bodyColor = "#ebe7ff"
    static let footerColor = "#b9b0ff"
    /// Generic families only: the card loads no font, and every system has these.
    static let fontFamily = "ui-rounded, system-ui, sans-serif"

    /// Line height as a multiple of the font size.
    static let leading = 1.35
    /// A generous estimate of a character's advance in the generic sans-serif, in ems, for wrapping: it errs on
    /// the side of shorter lines, since SVG text does not wrap or clip itself.
    static let advance = 0.56
}
