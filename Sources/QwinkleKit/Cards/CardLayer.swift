/// The layers of a dream card, back to front: each moves as one under the card's motion effect.
///
/// The raw value names the layer in the SVG card (`data-layer="creatures"`) for the web app.
public enum CardLayer: String, Hashable, Sendable, CaseIterable, Codable {
    /// The card itself, behind everything.
    case background
    /// The creatures, in a cascade on the left.
    case creatures
    /// The dream's effects, over the creatures.
    case effects
    /// The description text, on the right.
    case description
}
