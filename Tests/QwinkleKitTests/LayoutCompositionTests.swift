import QwinkleKit
import Testing

/// Layouts built from layouts, as talk 001 composes them, still with plain `Box` leaves.
@Suite("Composed layouts")
struct LayoutCompositionTests {
    @Test("An inset cascade as the decoration of a decorating layout")
    func insetCascadeInDecoration() {
        let cascade = CascadingLayout(children: [Box("a"), Box("b")]).withInsets(all: 10)
        var layout = DecoratingLayout(content: Box("text"), decoration: cascade)
        layout.layout(in: Rect(x: 0, y: 0, width: 300, height: 150))
        // Left third less spacing: (5, 5, 95, 140); inset by 10: (15, 15, 75, 120); two at 0.2: 62.5 × 100 each.
        #expect(layout.frame(of: "a", is: Rect(x: 15, y: 15, width: 62.5, height: 100)))
        #expect(layout.frame(of: "b", is: Rect(x: 27.5, y: 35, width: 62.5, height: 100)))
        #expect(layout.frame(of: "text", is: Rect(x: 105, y: 5, width: 190, height: 140)))
    }

    @Test("Layouts are children like leaves: a cascade of decorating layouts")
    func cascadeOfDecoratingLayouts() {
        let cards = ["1", "2"].map { DecoratingLayout(content: Box("text" + $0), decoration: Box("icon" + $0), spacing: 0) }
        var layout = CascadingLayout(children: cards, overlap: 0.5)
        layout.layout(in: Rect(x: 0, y: 0, width: 450, height: 300))
        // Two at 0.5 take 1/1.5 each: 300 × 200, the second 150 right and 100 down.
        #expect(layout.frame(of: "icon1", is: Rect(x: 0, y: 0, width: 100, height: 200)))
        #expect(layout.frame(of: "text1", is: Rect(x: 100, y: 0, width: 200, height: 200)))
        #expect(layout.frame(of: "icon2", is: Rect(x: 150, y: 100, width: 100, height: 200)))
        #expect(layout.frame(of: "text2", is: Rect(x: 250, y: 100, width: 200, height: 200)))
        #expect(layout.drawingOrder == ["icon1", "text1", "icon2", "text2"])
    }

    @Test("A background behind an inset z-stack")
    func backgroundBehindInsetStack() {
        var layout = ZStackLayout(children: [Box("x"), Box("y")]).withInsets(all: 2).withBackground(Box("card"))
        layout.layout(in: Rect(x: 0, y: 0, width: 10, height: 10))
        #expect(layout.frame(of: "card", is: Rect(x: 0, y: 0, width: 10, height: 10)))
        #expect(layout.frame(of: "x", is: Rect(x: 2, y: 2, width: 6, height: 6)) && layout.frame(of: "y", is: Rect(x: 2, y: 2, width: 6, height: 6)))
        #expect(layout.drawingOrder == ["card", "x", "y"])
    }

    @Test("Laying out a copy leaves the original as it was: layouts are values")
    func valueSemantics() {
        let original = DecoratingLayout(content: Box("text"), decoration: CascadingLayout(children: [Box("a"), Box("b")]))
        var copy = original
        copy.layout(in: Rect(x: 0, y: 0, width: 300, height: 100))
        #expect(original.contents.allSatisfy { $0.frame == .zero })
        #expect(copy.contents.allSatisfy { $0.frame != .zero })
    }

    @Test("Laying out again replaces the frames; nothing accumulates")
    func relayout() {
        var layout = CascadingLayout(children: [Box("a"), Box("b")]).withInsets(all: 1)
        layout.layout(in: Rect(x: 0, y: 0, width: 1000, height: 1000))
        layout.layout(in: Rect(x: 0, y: 0, width: 14, height: 14))
        #expect(layout.frame(of: "a", is: Rect(x: 1, y: 1, width: 10, height: 10)))
        #expect(layout.frame(of: "b", is: Rect(x: 3, y: 3, width: 10, height: 10)))
    }
}
