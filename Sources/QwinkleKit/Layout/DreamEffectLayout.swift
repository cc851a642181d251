/// A decorating layout whose decoration is a stack of effect layers over a background, as a dream shows its
/// effects (rain, snow, fire) over its creatures.
///
/// Unlike a layout built afresh inside `layout(in:)`, the composition is stored, so value-type leaves keep the
/// frames they were given.
public struct DreamEffectLayout<Decorated: Layout, Decoration: Layout, Effect: Layout>: Layout
where Decorated.Content == Decoration.Content, Decorated.Content == Effect.Content {
    /// The leaves of the content, the decoration and the effects.
    public typealias Content = Decorated.Content

    private var composed: DecoratingLayout<Decorated, BackgroundLayout<Decoration, ZStackLayout<Effect>>>

    /// Puts `effects` over `decoration`, to the left of `content`.
    public init(content: Decorated, decoration: Decoration, effects: [Effect], spacing: Double = 5) {
        composed = DecoratingLayout(
            content: content, decoration: ZStackLayout(children: effects).withBackground(decoration), spacing: spacing
        )
    }

    /// The decoration, laid out: behind the effects, in the left third.
    public var decoration: Decoration { composed.decoration.child.background }
    /// The effects, laid out, back to front: each fills the decoration's rectangle.
    public var effects: [Effect] { composed.decoration.child.foreground.children }
    /// The content, laid out, on the right.
    public var content: Decorated { composed.content.child }

    /// Places the decoration and its effects in the left third of `rect`, and the content in the rest.
    public mutating func layout(in rect: Rect) {
        composed.layout(in: rect)
    }

    /// The decoration's leaves, the effects' back to front, then the content's.
    public var contents: [Content] { composed.contents }
}

/// Can be shared across tasks when its children can.
extension DreamEffectLayout: Sendable where Decorated: Sendable, Decoration: Sendable, Effect: Sendable {}
