/// A layout that places a background and a foreground in the same rectangle, the background drawn first.
public struct BackgroundLayout<Background: Layout, Foreground: Layout>: Layout
where Background.Content == Foreground.Content {
    /// The leaves of both children.
    public typealias Content = Foreground.Content

    /// What is drawn behind.
    public var background: Background
    /// What is drawn in front.
    public var foreground: Foreground

    /// Puts `background` behind `foreground`.
    public init(background: Background, foreground: Foreground) {
        self.background = background
        self.foreground = foreground
    }

    /// Places both children in all of `rect`.
    public mutating func layout(in rect: Rect) {
        background.layout(in: rect)
        foreground.layout(in: rect)
    }

    /// The background's leaves, then the foreground's.
    public var contents: [Content] { background.contents + foreground.contents }
}

/// Can be shared across tasks when its children can.
extension BackgroundLayout: Sendable where Background: Sendable, Foreground: Sendable {}

extension Layout {
    /// This layout in front of `background`, both filling the same rectangle.
    public func withBackground<Background: Layout>(_ background: Background) -> BackgroundLayout<Background, Self>
    where Background.Content == Content {
        BackgroundLayout(background: background, foreground: self)
    }
}
