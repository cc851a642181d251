/// The one layout of a dream card, whatever draws it: SVG elements, terminal text cells, or an app's views.
///
/// It is composed from the smaller layouts, not written again: a background behind a `DreamEffectLayout` whose
/// decoration is a `CascadingLayout` of the creatures, with the effects stacked over them, and whose content is
/// the description:
///
/// ```
/// ┌───────────────────────────────────────────┐  background (the whole card)
/// │ ┌──────────┐ ┌──────────────────────────┐ │  padding, then spacing around and between
/// │ │ creatures│ │ description              │ │  creatures: a cascade in the left third,
/// │ │ + effects│ │                          │ │  effects stacked over the same rectangle
/// │ └──────────┘ └──────────────────────────┘ │
/// └───────────────────────────────────────────┘
/// ```
///
/// Each part has its own type (`Backdrop`, `Figure`, `Effect`, `Caption`) so a renderer may use a text-wrapping
/// layout for the description beside plain leaves, but all of them show the same `Content`.
public struct DreamCardLayout<Backdrop: Layout, Figure: Layout, Effect: Layout, Caption: Layout>: Layout
where Backdrop.Content == Figure.Content, Backdrop.Content == Effect.Content, Backdrop.Content == Caption.Content {
    /// The leaves of every part.
    public typealias Content = Backdrop.Content

    private var composed: BackgroundLayout<Backdrop, InsetLayout<DreamEffectLayout<Caption, CascadingLayout<Figure>, Effect>>>

    /// Lays `figures` (one per creature) in a cascade beside `caption`, with `effects` over the figures and
    /// `backdrop` behind it all.
    public init(backdrop: Backdrop, figures: [Figure], effects: [Effect], caption: Caption, metrics: CardMetrics) {
        let cascade = CascadingLayout(children: figures, overlap: metrics.overlap)
        let body = DreamEffectLayout(content: caption, decoration: cascade, effects: effects, spacing: metrics.spacing)
        composed = body.withInsets(metrics.padding).withBackground(backdrop)
    }

    /// Places the card in `rect`.
    public mutating func layout(in rect: Rect) {
        composed.layout(in: rect)
    }

    /// Every leaf in drawing order: the backdrop, the creatures back to front, the effects, the description.
    public var contents: [Content] { composed.contents }

    /// The leaves of one layer, as laid out, so a renderer can move each layer under the motion effect.
    public func contents(of layer: CardLayer) -> [Content] {
        let body = composed.foreground.child
        switch layer {
        case .background: return composed.background.contents
        case .creatures: return body.decoration.contents
        case .effects: return body.effects.flatMap(\.contents)
        case .description: return body.content.contents
        }
    }
}

/// Can be shared across tasks when its children can.
extension DreamCardLayout: Sendable where Backdrop: Sendable, Figure: Sendable, Effect: Sendable, Caption: Sendable {}
