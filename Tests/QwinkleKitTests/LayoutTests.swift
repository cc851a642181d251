import QwinkleKit
import Testing

/// Each layout on its own, with `Box` leaves: the frames it gives, and the order it draws in.
@Suite("Layouts")
struct LayoutTests {
    @Test("Insetting a rectangle moves each edge in; too large an inset leaves it empty, not negative")
    func rectInset() {
        let rect = Rect(x: 10, y: 20, width: 100, height: 50)
        #expect(rect.inset(by: EdgeInsets(top: 1, left: 2, bottom: 3, right: 4)) == Rect(x: 12, y: 21, width: 94, height: 46))
        #expect(rect.inset(by: EdgeInsets(all: 30)) == Rect(x: 40, y: 50, width: 40, height: 0))
        #expect(rect.maxX == 110 && rect.maxY == 70)
    }

    @Test("An inset layout gives its child the rectangle less the insets")
    func inset() {
        var layout = Box("a").withInsets(top: 1, left: 2, bottom: 3, right: 4)
        layout.layout(in: Rect(x: 10, y: 10, width: 100, height: 100))
        #expect(layout.frame(of: "a", is: Rect(x: 12, y: 11, width: 94, height: 96)))

        var even = Box("b").withInsets(all: 5)
        even.layout(in: Rect(x: 0, y: 0, width: 20, height: 20))
        #expect(even.frame(of: "b", is: Rect(x: 5, y: 5, width: 10, height: 10)))
    }

    @Test("A background and its foreground share the rectangle; the background is drawn first")
    func background() {
        var layout = Box("front").withBackground(Box("back"))
        let rect = Rect(x: 3, y: 4, width: 50, height: 60)
        layout.layout(in: rect)
        #expect(layout.frame(of: "back", is: rect) && layout.frame(of: "front", is: rect))
        #expect(layout.drawingOrder == ["back", "front"])
    }

    @Test("A z-stack gives every child the whole rectangle, first at the back")
    func zStack() {
        var layout = ZStackLayout(children: [Box("a"), Box("b"), Box("c")])
        let rect = Rect(x: 1, y: 2, width: 3, height: 4)
        layout.layout(in: rect)
        #expect(layout.contents.allSatisfy { $0.frame == rect })
        #expect(layout.drawingOrder == ["a", "b", "c"])
        #expect(ZStackLayout<Box>(children: []).contents.isEmpty)
    }

    @Test("Three cascading children at overlap 0.2: each 1/1.4 of the rectangle, stepping down-right by a fifth")
    func cascadeOfThree() {
        var layout = CascadingLayout(children: [Box("a"), Box("b"), Box("c")])
        layout.layout(in: Rect(x: 10, y: 20, width: 140, height: 70))
        #expect(layout.frame(of: "a", is: Rect(x: 10, y: 20, width: 100, height: 50)))
        #expect(layout.frame(of: "b", is: Rect(x: 30, y: 30, width: 100, height: 50)))
        #expect(layout.frame(of: "c", is: Rect(x: 50, y: 40, width: 100, height: 50)))
        #expect(layout.drawingOrder == ["a", "b", "c"])
    }

    @Test("A cascade of any size fills its rectangle exactly, from corner to corner", arguments: 1...10, [0, 0.2, 0.5, 1])
    func cascadeFills(count: Int, overlap: Double) {
        var layout = CascadingLayout(children: (0..<count).map { Box(String($0)) }, overlap: overlap)
        let rect = Rect(x: 7, y: 9, width: 160, height: 90)
        layout.layout(in: rect)
        let frames = layout.contents.map(\.frame)
        let scale = 1 / (1 + overlap * Double(count - 1))
        #expect(frames.allSatisfy { $0.size.width == frames[0].size.width && $0.size.height == frames[0].size.height })
        #expect(abs(frames[0].width - rect.width * scale) < 1e-9)
        #expect(frames[0].origin == rect.origin)
        #expect(abs(frames[count - 1].maxX - rect.maxX) < 1e-9 && abs(frames[count - 1].maxY - rect.maxY) < 1e-9)
        for (previous, next) in zip(frames, frames.dropFirst()) {
            #expect(abs(next.minX - previous.minX - overlap * previous.width) < 1e-9)
            #expect(abs(next.minY - previous.minY - overlap * previous.height) < 1e-9)
        }
    }

    @Test("One cascading child fills the rectangle; an empty cascade shows nothing; a negative overlap is 0")
    func cascadeEdges() {
        let rect = Rect(x: 0, y: 0, width: 30, height: 20)
        var single = CascadingLayout(children: [Box("only")])
        single.layout(in: rect)
        #expect(single.frame(of: "only", is: rect))

        var empty = CascadingLayout<Box>(children: [])
        empty.layout(in: rect)
        #expect(empty.contents.isEmpty)

        var stacked = CascadingLayout(children: [Box("a"), Box("b")], overlap: -1)
        stacked.layout(in: rect)
        #expect(stacked.overlap == 0 && stacked.frame(of: "a", is: rect) && stacked.frame(of: "b", is: rect))
    }

    @Test("A decorating layout: decoration in the left third, content in the right two-thirds, spacing around both")
    func decorating() {
        var layout = DecoratingLayout(content: Box("content"), decoration: Box("decoration"))
        layout.layout(in: Rect(x: 0, y: 0, width: 300, height: 120))
        #expect(layout.frame(of: "decoration", is: Rect(x: 5, y: 5, width: 95, height: 110)))
        #expect(layout.frame(of: "content", is: Rect(x: 105, y: 5, width: 190, height: 110)))
        #expect(layout.drawingOrder == ["decoration", "content"])
    }

    @Test("A decorating layout works from its rectangle's origin, not the screen's")
    func decoratingOffset() {
        var layout = DecoratingLayout(content: Box("content"), decoration: Box("decoration"), spacing: 10)
        layout.layout(in: Rect(x: 60, y: 40, width: 300, height: 120))
        #expect(layout.frame(of: "decoration", is: Rect(x: 70, y: 50, width: 90, height: 100)))
        #expect(layout.frame(of: "content", is: Rect(x: 170, y: 50, width: 180, height: 100)))
    }

    @Test("A multi-pane layout cascades its accessories in the decoration's place")
    func multiPane() {
        var layout = MultiPaneLayout(content: Box("content"), accessories: [Box("a"), Box("b")])
        layout.layout(in: Rect(x: 0, y: 0, width: 300, height: 125))
        // The left third less spacing is (5, 5, 95, 115); two children at 0.2 take 1/1.2 of it each.
        #expect(layout.frame(of: "a", is: Rect(x: 5, y: 5, width: 95 / 1.2, height: 115 / 1.2)))
        #expect(layout.frame(of: "b", is: Rect(x: 5 + 0.2 * 95 / 1.2, y: 5 + 0.2 * 115 / 1.2, width: 95 / 1.2, height: 115 / 1.2)))
        #expect(layout.frame(of: "content", is: Rect(x: 105, y: 5, width: 190, height: 115)))
        #expect(layout.drawingOrder == ["a", "b", "content"])
    }

    @Test("A dream-effect layout stacks its effects over the decoration, beside the content")
    func dreamEffect() {
        var layout = DreamEffectLayout(content: Box("content"), decoration: Box("creature"), effects: [Box("rain"), Box("snow")])
        layout.layout(in: Rect(x: 0, y: 0, width: 300, height: 120))
        let left = Rect(x: 5, y: 5, width: 95, height: 110)
        #expect(layout.frame(of: "creature", is: left) && layout.frame(of: "rain", is: left) && layout.frame(of: "snow", is: left))
        #expect(layout.frame(of: "content", is: Rect(x: 105, y: 5, width: 190, height: 110)))
        #expect(layout.drawingOrder == ["creature", "rain", "snow", "content"])
        #expect(layout.decoration.frame == left && layout.effects.map(\.name) == ["rain", "snow"] && layout.content.name == "content")
    }
}
