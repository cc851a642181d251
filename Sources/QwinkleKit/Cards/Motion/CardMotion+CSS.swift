extension CardMotion {
    /// The CSS custom property a web page sets to the horizontal tilt, −1…1.
    public static let tiltXProperty = "--qw-tilt-x"
    /// The CSS custom property a web page sets to the vertical tilt, −1…1.
    public static let tiltYProperty = "--qw-tilt-y"

    /// A CSS declaration that moves `layer` as `offsets(for:)` does, computed by the browser from the tilt:
    /// `transform: translate(calc(var(--qw-tilt-x, 0) * 4px), calc(var(--qw-tilt-y, 0) * 4px))`.
    ///
    /// The factors come from the same effect as `offsets(for:)`, so a page only sets the two tilt properties,
    /// already clamped to −1…1 (CSS cannot clamp a custom property in every browser), and the card moves as it
    /// would in an app. Unset properties count as a level device, so the card also renders still without script.
    public func cssTransform(for layer: CardLayer) -> String {
        let effect = effect(for: layer)
        let x = Self.term(resting: effect.restingOffset.x, slope: effect.slope.x, property: Self.tiltXProperty)
        let y = Self.term(resting: effect.restingOffset.y, slope: effect.slope.y, property: Self.tiltYProperty)
        return "transform: translate(\(x), \(y))"
    }

    private static func term(resting: Double, slope: Double, property: String) -> String {
        let tilt = "var(\(property), 0) * \(SVGNumber.format(slope))px"
        let restingPart = SVGNumber.format(resting)
        return restingPart == "0" ? "calc(\(tilt))" : "calc(\(restingPart)px + \(tilt))"
    }
}
