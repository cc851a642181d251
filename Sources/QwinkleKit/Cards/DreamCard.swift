/// A dream shown as a card: its creatures in a cascade on the left, with its effects over them, and its
/// description on the right.
///
/// One layout (`DreamCardLayout`) places the card for every renderer: `svg()` for the web and
/// `terminalText(width:)` for the command line. Both are deterministic: the same dream and description always
/// give the same bytes, so the server can tag a card with an ETag.
public struct DreamCard: Hashable, Sendable {
    /// The creature, how many of it, and the effects.
    public var details: DreamDetails
    /// What the dreamer wrote about it.
    public var description: String
    /// How the card's layers move when the device tilts.
    public var motion: CardMotion

    /// A card for dream details and a description.
    public init(details: DreamDetails, description: String, motion: CardMotion = .standard) {
        self.details = details
        self.description = description
        self.motion = motion
    }

    /// A card for a dream entry, described by its body; `nil` for an entry that is not a dream.
    public init?(entry: Entry, motion: CardMotion = .standard) {
        guard let details = entry.dream else { return nil }
        self.init(details: details, description: entry.body, motion: motion)
    }

    /// The card's words, shared by both renderers.
    public var text: CardText {
        CardText(details: details, description: description)
    }

    /// The card's layout with `figure` for each creature and `effect` for each effect, in their fixed order, so the
    /// same dream always gives the same leaves in the same order.
    func layout<Backdrop, Figure, Effect, Caption>(
        backdrop: Backdrop, figure: (Creature) -> Figure, effect: (DreamEffect) -> Effect, caption: Caption, metrics: CardMetrics
    ) -> DreamCardLayout<Backdrop, Figure, Effect, Caption> {
        DreamCardLayout(
            backdrop: backdrop,
            figures: Array(repeating: figure(details.creature), count: details.numberOfCreatures.rawValue),
            effects: details.effects.sorted().map(effect),
            caption: caption,
            metrics: metrics
        )
    }
}
