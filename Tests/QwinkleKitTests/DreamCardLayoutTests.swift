import QwinkleKit
import Testing

/// The dream card's one layout, with `Box` leaves: where each part goes, whatever renders it.
@Suite("Dream card layout")
struct DreamCardLayoutTests {
    @Test("The dream card layout: a backdrop, the creatures' cascade under their effects, and the caption")
    func dreamCard() {
        var layout = DreamCardLayout(
            backdrop: Box("card"), figures: [Box("c1"), Box("c2"), Box("c3")], effects: [Box("rain")], caption: Box("text"),
            metrics: CardMetrics(padding: EdgeInsets(all: 10), spacing: 8)
        )
        layout.layout(in: Rect(x: 0, y: 0, width: 500, height: 200))
        // Padded: (10, 10, 480, 180). Left third less spacing: (18, 18, 152, 164); the rest: (178, 18, 304, 164).
        let left = Rect(x: 18, y: 18, width: 152, height: 164)
        let size = (width: 152 / 1.4, height: 164 / 1.4)
        #expect(layout.frame(of: "card", is: Rect(x: 0, y: 0, width: 500, height: 200)))
        #expect(layout.frame(of: "c1", is: Rect(x: 18, y: 18, width: size.width, height: size.height)))
        #expect(layout.frame(of: "c3", is: Rect(x: 18 + 0.4 * size.width, y: 18 + 0.4 * size.height, width: size.width, height: size.height)))
        #expect(layout.frame(of: "rain", is: left))
        #expect(layout.frame(of: "text", is: Rect(x: 178, y: 18, width: 304, height: 164)))
        #expect(layout.drawingOrder == ["card", "c1", "c2", "c3", "rain", "text"])
    }

    @Test("A dream card's layers, back to front, are its contents in drawing order")
    func dreamCardLayers() {
        var layout = DreamCardLayout(
            backdrop: Box("card"), figures: [Box("c1"), Box("c2")], effects: [Box("snow"), Box("magic")], caption: Box("text"),
            metrics: CardMetrics(padding: .zero, spacing: 1)
        )
        layout.layout(in: Rect(x: 0, y: 0, width: 60, height: 12))
        #expect(layout.contents(of: .creatures).map(\.name) == ["c1", "c2"])
        #expect(layout.contents(of: .effects).map(\.name) == ["snow", "magic"])
        #expect(CardLayer.allCases.flatMap { layout.contents(of: $0) } == layout.contents)
    }
}
