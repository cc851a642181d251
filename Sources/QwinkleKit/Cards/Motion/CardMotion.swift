/// The motion effect of a dream card: one interpolating effect per layer, giving its parallax.
///
/// The description is the card's surface and stays still, so text is always easy to read; the creatures and,
/// further forward, the effects move with the tilt; the background, behind the surface, moves against it.
/// Deeper layers move less, or the other way.
public struct CardMotion: Hashable, Sendable {
    /// The effect of each layer; a layer not listed does not move.
    public var effects: [CardLayer: InterpolatingMotionEffect]

    /// A card's motion from each layer's effect.
    public init(effects: [CardLayer: InterpolatingMotionEffect]) {
        self.effects = effects
    }

    /// Qwinkle's dream card motion, in SVG user units of the 500 × 200 card.
    public static let standard = CardMotion(effects: [
        .background: InterpolatingMotionEffect(travel: -3),
        .creatures: InterpolatingMotionEffect(travel: 4),
        .effects: InterpolatingMotionEffect(travel: 8),
        .description: InterpolatingMotionEffect(travel: 0),
    ])

    /// The effect of `layer`: a still one if none is listed.
    public func effect(for layer: CardLayer) -> InterpolatingMotionEffect {
        effects[layer] ?? InterpolatingMotionEffect(travel: 0)
    }

    /// The offset of every layer for `pose`: the same pose always gives the same offsets.
    public func offsets(for pose: DevicePose) -> [CardLayer: MotionOffset] {
        Dictionary(uniqueKeysWithValues: CardLayer.allCases.map { ($0, effect(for: $0).offset(for: pose)) })
    }
}
